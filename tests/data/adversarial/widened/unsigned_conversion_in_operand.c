/* The conversion to unsigned inside the operand: (unsigned) -1 is 2^32 - 1, not -1, and its
   square leaves long long; (unsigned) INT_MIN is 2^31, whose square 2^62 does not. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 && k >= -1257966796) { /*MARK:ub:overflow*/ }
  long long p = (long long) (unsigned) k * (long long) (unsigned) k;
  if (p == 2) reach_error();
  return 0;
}
