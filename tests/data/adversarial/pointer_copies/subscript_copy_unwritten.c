/* `t = p[i]` through a pointer into a local array of structs, arr[1].b never written: no
   undefined behaviour, t.a is x, the error on 8. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S arr[2];
  struct S *p = arr;
  arr[0].a = 0;
  arr[0].b = 0;
  arr[1].a = __VERIFIER_nondet_int();
  struct S t;
  t = p[1];
  if (t.a == 8) reach_error();
  return 0;
}
