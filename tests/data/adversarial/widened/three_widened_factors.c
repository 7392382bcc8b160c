/* Three widened int factors: 2^31 * 2^31 * 2^31 leaves long long. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (a == -2147483647 - 1 && b == a && c == a) { /*MARK:ub:overflow*/ }
  long long p = (long long) a * (long long) b * (long long) c;
  if (p == 1) reach_error();
  return 0;
}
