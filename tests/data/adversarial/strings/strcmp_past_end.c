/* strcmp of an array without NUL against an equal prefix reads past its end. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[2] = {'a', 'b'};
  char b[3] = "ab";
  if (__VERIFIER_nondet_int()) b[1] = 'c'; else { /*MARK:before-no-nul*/ }
  if (strcmp(a, b) == 0) reach_error();
  return 0;
}
