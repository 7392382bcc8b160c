/* Only p->items[0] is written: reading p->items[1].v reads an indeterminate value of the
   malloc block (unknown), as ofuf_3 does. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { unsigned char v; };
struct B { int n; struct A items[2]; };
int main(void) {
  struct B *p = malloc(sizeof(struct B));
  p->items[0].v = 1;
  /*MARK:ub:uninitialised*/
  if (p->items[1].v > 240) reach_error();
  free(p);
  return 0;
}
