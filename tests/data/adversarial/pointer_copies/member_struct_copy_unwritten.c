/* `c = p->in`: a member struct through a pointer, p->in.y never written: no undefined
   behaviour, c.x is x, the error on 2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y; };
struct S { int v; struct In in; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->v = 0;
  p->in.x = __VERIFIER_nondet_int();
  struct In c;
  c = p->in;
  if (c.x == 2) reach_error();
  free(p);
  return 0;
}
