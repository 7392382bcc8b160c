/* memcpy between overlapping objects is undefined behaviour (C11 7.24.2.1p2): the copy to
   a + x overlaps the source for x < 4. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  char a[8] = "abcdefg";
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 4) return 0;
  if (x < 4) { /*MARK:before-overlap*/ }
  memcpy(a + x, a, 4);
  if (a[x] != 'a' || a[x + 3] != 'd') reach_error();
  return 0;
}
