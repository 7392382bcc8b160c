/* fopen of a null file name on some inputs: undefined behaviour (C11 7.1.4p1). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  const char *name = "gt-input.txt";
  FILE *f;
  if (__VERIFIER_nondet_int()) { name = 0; /*MARK:before-null*/ }
  f = fopen(name, "r");
  if (f != 0) fclose(f);
  return 0;
}
