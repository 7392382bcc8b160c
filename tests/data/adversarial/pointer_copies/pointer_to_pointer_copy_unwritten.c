/* `*q = *p` between two heap blocks, p->b never written: no undefined behaviour, q->a is x,
   the error on 3. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  struct S *q = malloc(sizeof(struct S));
  if (!p || !q) return 0;
  p->a = __VERIFIER_nondet_int();
  *q = *p;
  if (q->a == 3) reach_error();
  free(p);
  free(q);
  return 0;
}
