/* The usual pattern: give up when fopen fails, else work and close the stream.  The
   stream pointer stays the same object throughout. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  FILE *f = fopen("gt-input.txt", "r");
  FILE *same;
  int n = __VERIFIER_nondet_int();
  if (f == NULL) return 1;
  same = f;
  if (n > 5 || n < 0) n = 0;
  while (n > 0) n--;
  if (same != f || n != 0) reach_error();
  fclose(same);
  return 0;
}
