/* `struct S t = *p` with the pointer member p->next never written: no undefined behaviour
   (a struct's value is never a trap representation), t.v is x, the error on 2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int v; struct S *next; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->v = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.v == 2) reach_error();
  free(p);
  return 0;
}
