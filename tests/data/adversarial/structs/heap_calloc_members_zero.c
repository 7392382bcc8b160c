/* calloc of three structs zeroes the member arrays of every element, nested ones too; p[2].in.v[j]
   is one cell (true). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int v[2]; int w; };
struct S { int a[3]; struct inner in; };
int main(void) {
  struct S *p = calloc(3, sizeof(struct S));
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 2) return 0;
  p[2].in.v[j] = 5;
  if (p[1].in.v[j] != 0 || p[2].in.v[1 - j] != 0 || p[2].in.v[j] != 5 || p[0].a[2] != 0) reach_error();
  free(p);
  return 0;
}
