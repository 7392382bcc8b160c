/* GCC computes with a 32-bit bit-field of type long long in a 32-bit type: s.q++ at INT_MAX
   overflows (undefined behaviour, unknown); the error is reached only through it.  Long long
   arithmetic would give 2^31 and answer true. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { long long q : 32; };
int main(void) {
  struct S s;
  s.q = __VERIFIER_nondet_int();
  if (s.q == 2147483647) { /*MARK:ub:overflow*/ }
  s.q++;
  if (s.q == -2147483647 - 1) reach_error();
  return 0;
}
