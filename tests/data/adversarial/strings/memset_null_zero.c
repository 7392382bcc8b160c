/* memset(NULL, c, 0) is undefined behaviour (C11 7.1.4p1, 7.24.1p2: pointer arguments must
   be valid even when no byte is accessed); glibc declares the argument nonnull. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[4] = "abc";
  char *p = a;
  if (__VERIFIER_nondet_int()) { /*MARK:before-null*/ p = 0; }
  memset(p, 0, 0);
  if (a[0] != 'a') reach_error();
  return 0;
}
