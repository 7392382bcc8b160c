/* Copying a member struct through a pointer to a freed block. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y; };
struct S { int v; struct In in; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S *p = malloc(2 * sizeof(struct S));
  p[1].in.x = 1; p[1].in.y = 2;
  struct S *r = p + 1;
  free(p);
  if (k) { /*MARK:before-dangling*/ struct In c = r->in; if (c.x == 1) reach_error(); }
  return 0;
}
