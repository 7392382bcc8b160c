/* memmove copies as if through a temporary array: overlapping is fine, both directions. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[9] = "abcdefgh";
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < 0 || x > 4 || y < 0 || y > 4) return 0;
  memmove(a + x, a + y, 4);
  if (a[x] != 'a' + y || a[x + 3] != 'd' + y) reach_error();
  return 0;
}
