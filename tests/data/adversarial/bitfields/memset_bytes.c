/* memset writes the bytes of the storage units: not modelled for structs (unknown). */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; int b : 5; };
int main(void) {
  struct S s;
  memset(&s, 0xff, sizeof s);
  if (s.a == 7 && s.b == -1) reach_error();
  return 0;
}
