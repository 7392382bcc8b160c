/* `t = rows[i]` from a heap block of structs, rows[1].b never written: no undefined
   behaviour, t.a is x, the error on 1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S *rows = malloc(2 * sizeof(struct S));
  if (!rows) return 0;
  rows[1].a = __VERIFIER_nondet_int();
  struct S t;
  t = rows[1];
  if (t.a == 1) reach_error();
  free(rows);
  return 0;
}
