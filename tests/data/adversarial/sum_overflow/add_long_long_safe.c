/* As add_long_long_edge with a <= 0: the last sum is at most 2^63 - 1, no overflow. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < -1 || a > 0 || b < -5 || b > 5) return 0;
  long long big = 4611686018427387904LL;
  long long s = (long long)a + b;
  s = s - b;
  long long t = big + (big - 1);
  long long u = t + s;
  if (u < 0) reach_error();
  return 0;
}
