/* `memcpy(b, a, 4)` with a[1..3] never written: C copies them without using them (no
   undefined behaviour), b[0] is x, the error on 5.  The copy of bytes never written is an
   execution that is not modelled, never the end of the executions as an uninitialised read. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <string.h>
int main(void) {
  char a[4];
  char b[4];
  a[0] = (char)__VERIFIER_nondet_int();
  memcpy(b, a, sizeof a);
  if (b[0] == 5) reach_error();
  return 0;
}
