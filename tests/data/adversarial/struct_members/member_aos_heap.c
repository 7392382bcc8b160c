/* A heap block of one struct with an array of structs member, written in a loop through
   the pointer: p->items[k].v == k + 1 for each k, so only j == 2 finds 3 (false on 2). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { unsigned char tag; int v; };
struct B { int count; struct A items[4]; };
int main(void) {
  struct B *p = malloc(sizeof(struct B));
  int j = __VERIFIER_nondet_int();
  for (int k = 0; k < 4; k++) { p->items[k].v = k + 1; p->items[k].tag = 0; }
  if (j < 0 || j > 3) return 0;
  if (p->items[j].v == 3 && p->items[j].tag == 0) reach_error();
  free(p);
  return 0;
}
