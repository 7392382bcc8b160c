/* memcmp(a, b, n) == 0 says the first n bytes are equal; a model that compares more or fewer
   bytes decides the last check wrongly. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[4] = "abc";
  char b[4] = "abd";
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  if (memcmp(a, b, n) == 0 && n == 3) reach_error();
  return 0;
}
