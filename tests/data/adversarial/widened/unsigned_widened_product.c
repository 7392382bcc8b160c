/* Widened from unsigned int: each factor reaches 2^32 - 1, the product 2^64 - 2^33 + 1,
   which long long does not hold. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned a = __VERIFIER_nondet_int();
  unsigned b = __VERIFIER_nondet_int();
  if (a >= 3037000500u && b >= 3037000500u) { /*MARK:ub:overflow*/ }
  long long p = (long long) a * (long long) b;
  if (p < 0) reach_error();
  return 0;
}
