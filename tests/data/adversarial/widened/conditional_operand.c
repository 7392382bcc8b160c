/* One arm of the conditional is a widened int, the other LLONG_MAX: doubling overflows on
   the second. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  long long m = k > 0 ? (long long) a : 9223372036854775807LL;
  if (k <= 0) { /*MARK:ub:overflow*/ }
  long long d = m * 2;
  if (k > 0 && a == 5 && d != 10) reach_error();
  return 0;
}
