/* A member struct through a pointer used as a whole: copied member by member, from and to the
   struct the pointer points to (element k of a heap block), never another element's. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y[2]; };
struct S { int v; struct In in; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  struct S *p = malloc(3 * sizeof(struct S));
  for (int i = 0; i < 3; i++) { p[i].v = i; p[i].in.x = 10 * i; p[i].in.y[0] = i; p[i].in.y[1] = i; }
  struct In c = (p + k)->in;
  if (c.x != 10 * k || c.y[1] != k) reach_error();
  c.y[0] = 7;
  p[2 - k].in = c;
  if (p[2 - k].in.y[0] != 7 || p[2 - k].in.x != 10 * k || p[2 - k].v != 2 - k) reach_error();
  struct In *q = &p[0].in;
  *q = p[1].in;
  if (k == 1 && p[0].in.y[0] != 7) reach_error();
  if (k == 0 && p[0].in.x != 10) reach_error();
  free(p);
  return 0;
}
