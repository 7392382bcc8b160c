/* p->items[4] is past the member array: undefined behaviour even though p->tail lies
   right after it in the block. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int v; };
struct B { struct A items[4]; int tail; };
int main(void) {
  struct B *p = malloc(sizeof(struct B));
  int j = __VERIFIER_nondet_int();
  p->items[0].v = 0; p->items[1].v = 0; p->items[2].v = 0; p->items[3].v = 0;
  p->tail = 1;
  if (j < 0 || j > 4) return 0;
  if (j == 4) { /*MARK:ub:out-of-bounds*/ }
  if (p->items[j].v == 1) reach_error();
  free(p);
  return 0;
}
