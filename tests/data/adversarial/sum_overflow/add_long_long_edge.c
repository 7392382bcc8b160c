/* Four sums of ints in a long long, then one more of 2^62 + 2^62 - 1 plus the sum: only
   a sum of at least 1 overflows, which a = 1 reaches (undefined: unknown, never true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 1 || b < -5 || b > 5) return 0;
  long long big = 4611686018427387904LL;
  long long s = (long long)a + b;
  s = s - b;
  long long t = big + (big - 1);
  long long u = t + s;
  if (u < 0) reach_error();
  return 0;
}
