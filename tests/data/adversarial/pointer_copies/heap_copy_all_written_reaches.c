/* Every member written before `t = *p`: the copy is exact, and t.b == 4 reaches the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = 1;
  p->b = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.b == 4) reach_error();
  free(p);
  return 0;
}
