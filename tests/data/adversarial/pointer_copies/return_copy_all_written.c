/* `return *p;` from a heap block whose members are all written: an exact copy, the error
   unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y[2]; };
struct S { int a; struct In in; };
struct S get(struct S *p) { return *p; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = k;
  p->in.x = 2 * k;
  p->in.y[0] = 1;
  p->in.y[1] = k;
  struct S t = get(p);
  p->a = 0;
  if (t.a != k || t.in.x != 2 * k || t.in.y[0] != 1 || t.in.y[1] != k) reach_error();
  free(p);
  return 0;
}
