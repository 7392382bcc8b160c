/* An unsigned bit-field narrower than int promotes to int (C11 6.3.1.1p2): s.u - 8 is
   negative for every value (false; unsigned arithmetic would never reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 3; };
int main(void) {
  struct S s;
  s.u = __VERIFIER_nondet_int();
  if (s.u - 8 < 0) reach_error();
  return 0;
}
