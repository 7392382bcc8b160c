/* `*q = s` with s.b never written: no undefined behaviour, q->a is x, the error on 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S s;
  s.a = __VERIFIER_nondet_int();
  struct S *q = malloc(sizeof(struct S));
  if (!q) return 0;
  *q = s;
  if (q->a == 5) reach_error();
  free(q);
  return 0;
}
