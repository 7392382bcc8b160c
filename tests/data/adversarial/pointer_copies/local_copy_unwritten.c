/* `struct S t = *p` with p = &s and s.b never written (s is an object: its address is
   taken): no undefined behaviour, t.a is x, the error on 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int a; int b; };
int main(void) {
  struct S s;
  struct S *p = &s;
  s.a = __VERIFIER_nondet_int();
  struct S t = *p;
  if (t.a == 5) reach_error();
  return 0;
}
