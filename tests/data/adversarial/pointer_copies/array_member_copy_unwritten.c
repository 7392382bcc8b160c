/* `struct S t = *p` with p->a[1] never written: no undefined behaviour, t.a[0] is x, the
   error on 3. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int n; int a[2]; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->n = 1;
  p->a[0] = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.a[0] == 3) reach_error();
  free(p);
  return 0;
}
