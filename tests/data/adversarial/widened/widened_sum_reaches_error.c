/* Widened sums do not overflow, and their value is exact: the error is reached when
   a + b exceeds INT_MAX, which only the widened sum can tell. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  long long s = (long long) a + (long long) b;
  if (s > 2147483647LL) reach_error();
  return 0;
}
