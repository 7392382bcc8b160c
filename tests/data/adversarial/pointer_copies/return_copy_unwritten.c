/* `return *p;` from a function returning a struct, p->b never written: no undefined
   behaviour, the result's a is x, the error on 6. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
struct S get(struct S *p) { return *p; }
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = __VERIFIER_nondet_int();
  struct S t = get(p);
  if (t.a == 6) reach_error();
  free(p);
  return 0;
}
