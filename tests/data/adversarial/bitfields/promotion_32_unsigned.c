/* A 32-bit unsigned bit-field is not representable in int: it promotes to unsigned int, so
   s.u - 1 is never negative (true; promoting every bit-field to int reaches the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 32; };
int main(void) {
  struct S s;
  s.u = __VERIFIER_nondet_int();
  if (s.u - 1 < 0) reach_error();
  return 0;
}
