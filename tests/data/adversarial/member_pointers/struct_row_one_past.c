/* &(p + 1)->in is a struct of its own: writing through it writes p[1].in; one past it is its
   end (an array of one), dereferencing there is undefined even where p[2].v lies (gcc reads
   p[2].v). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct In { int x; int y; };
struct S { int v; struct In in; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  struct S *p = malloc(3 * sizeof(struct S));
  for (int i = 0; i < 3; i++) { p[i].v = i; p[i].in.x = 0; p[i].in.y = 0; }
  struct In *q = &(p + 1)->in;
  q->y = k;
  if (p[1].in.y != k || p[0].in.y != 0 || p[2].in.y != 0) reach_error();
  if (k) { /*MARK:before-past*/ if ((q + 1)->x == 2) reach_error(); }
  free(p);
  return 0;
}
