/* `t = *p` from a heap block whose member a was never written: no undefined behaviour, and
   t.b is x (the error on 7); an execution that is not modelled, not an uninitialised read. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S t;
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->b = __VERIFIER_nondet_int();
  t = *p;
  if (t.b == 7) reach_error();
  free(p);
  return 0;
}
