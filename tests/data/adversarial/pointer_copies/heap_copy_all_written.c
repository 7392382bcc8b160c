/* Every member written before `struct S t = *p` and `*q = *p`: the copies are exact, the
   error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y[2]; };
struct S { int a; struct In in; int *ptr; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  struct S *p = malloc(sizeof(struct S));
  struct S *q = malloc(sizeof(struct S));
  if (!p || !q) return 0;
  p->a = k;
  p->in.x = k + 1;
  p->in.y[0] = 2;
  p->in.y[1] = 3;
  p->ptr = &k;
  struct S t = *p;
  *q = *p;
  if (t.a != k || t.in.x != k + 1 || t.in.y[1] != 3 || *t.ptr != k) reach_error();
  if (q->a != k || q->in.y[0] != 2 || q->ptr != &k) reach_error();
  free(p);
  free(q);
  return 0;
}
