/* `struct S t = *p` with p->b never written, then t.b read: the read is of an indeterminate
   value (gcc: whatever the block held). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *p = malloc(sizeof(struct S));
  if (!p) return 0;
  p->a = 1;
  struct S t = *p;
  /*MARK:ub:uninitialised*/
  if (t.b == 3) reach_error();
  free(p);
  return 0;
}
