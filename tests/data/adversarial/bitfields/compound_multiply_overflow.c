/* s.i *= big is computed in int (C11 6.5.16.2p3 after the promotions): 3 * 1073741823
   overflows (undefined behaviour, unknown).  GCC computes it in the bit-field's width without
   a check, so the native build must print it as s.i = s.i * big (harness.py), or a native
   run that reads no input would prove the program. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  int big = 1073741823;
  s.i = 3;
  /*MARK:ub:overflow*/
  s.i *= big;
  if (s.i != -3) reach_error();
  return 0;
}
