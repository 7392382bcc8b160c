/* `f(*p)`: the argument is a copy of the struct p points to, p->b never written: no
   undefined behaviour, the parameter's a is x, the error on 4. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int first(struct S s) { return s.a; }
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = __VERIFIER_nondet_int();
  if (first(*p) == 4) reach_error();
  free(p);
  return 0;
}
