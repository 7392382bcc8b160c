/* A mode that is not a string (no NUL in its array) on some inputs: fopen reads past its
   end. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char mode[2];
  FILE *f;
  mode[0] = 'r';
  mode[1] = __VERIFIER_nondet_int() ? 'r' : 0;
  if (mode[1] != 0) { /*MARK:before-no-nul*/ }
  f = fopen("gt-input.txt", mode);
  if (f != 0) fclose(f);
  return 0;
}
