/* A heap block of two structs with an array member and a nested struct: p[1].a[2],
   (p + 1)->in.x and p[0].a[2] are different cells (false on 5). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct S { int a[3]; struct inner in; };
int main(void) {
  struct S *p = malloc(2 * sizeof(struct S));
  p[1].a[2] = __VERIFIER_nondet_int();
  p[0].a[2] = 0;
  (p + 1)->in.x = p[1].a[2] + 1;
  if (p[1].a[2] == 5 && p[0].a[2] == 0 && p[1].in.x == 6) reach_error();
  free(p);
  return 0;
}
