/* A short times 2^48 + 1: -32768 * (2^48 + 1) is 32768 below LLONG_MIN. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  short s = (short) __VERIFIER_nondet_int();
  if (s < -32767) { /*MARK:ub:overflow*/ }
  long long d = (long long) s * 281474976710657LL;
  if (d == 5) reach_error();
  return 0;
}
