/* memcpy copies the bytes of the storage units (padding included): not modelled for
   structs (unknown). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; int b : 5; };
int main(void) {
  struct S s, t;
  s.a = 5;
  s.b = -3;
  memcpy(&t, &s, sizeof s);
  if (t.a == 5 && t.b == -3) reach_error();
  return 0;
}
