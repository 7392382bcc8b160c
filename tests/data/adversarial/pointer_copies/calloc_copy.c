/* A calloc block is zero: its copy is exact, every member 0. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *p = calloc(1, sizeof(struct S));
  if (!p) return 0;
  p->a = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.b != 0) reach_error();
  free(p);
  return 0;
}
