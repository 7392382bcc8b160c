/* `struct S t = *p` with p = &arr[1] (an element of a local array of structs), arr[1].b
   never written: no undefined behaviour, t.a is x, the error on 9. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S arr[2];
  struct S *p = &arr[1];
  arr[1].a = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.a == 9) reach_error();
  return 0;
}
