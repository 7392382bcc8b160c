/* &(p + i)->b is the member b of element i: a write through it is a write of p[i].b; one past
   it is its end (a scalar is an array of one), dereferencing that is undefined even where
   p[i + 1].a lies (gcc reads it). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = malloc(3 * sizeof(struct S));
  for (int i = 0; i < 3; i++) { p[i].a = i; p[i].b = 10 + i; }
  int *q = &(p + 1)->b;
  *q = 20;
  if (p[1].b != 20 || p[0].b != 10 || p[2].b != 12) reach_error();
  if (x) { /*MARK:before-past*/ if (*(q + 1) == 2) reach_error(); }
  free(p);
  return 0;
}
