/* Two stores per iteration at 2*i - 2 and 2*i - 1: the range below an index expression that
   is not a variable (array_ranges.py); array-tiling/pnr2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 1 || n >= 100000 || n % 2 != 0) return 0;
  int a[n];
  for (int i = 1; i <= n / 2; i++) {
    int v = __VERIFIER_nondet_int();
    a[i * 2 - 2] = v != 0 ? v : 10;
    v = __VERIFIER_nondet_int();
    a[i * 2 - 1] = v != 0 ? v : 10;
  }
  for (int i = 0; i < n; i++)
    if (a[i] == 0) reach_error();
  return 0;
}
