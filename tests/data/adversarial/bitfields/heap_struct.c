/* A heap block of structs with bit-fields (calloc: zero) (false on 9: a[1].f is 1). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned f : 3; unsigned g : 5; };
int main(void) {
  struct S *a = calloc(2, sizeof(struct S));
  a[1].f = __VERIFIER_nondet_int();
  if (a[0].f == 0 && a[0].g == 0 && a[1].f == 1) reach_error();
  free(a);
  return 0;
}
