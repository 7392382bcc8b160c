/* reset.c setting the counter to 4 once (i == 2): a[2] is 4. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[300000];
int main(void) {
  int i, j, k;
  int n = __VERIFIER_nondet_int();
  int extra = __VERIFIER_nondet_int();
  if (n < 3 || n > 300000 || n % 3 != 0) return 0;
  for (i = 1; i <= n / 3; i++)
    for (j = 3; j >= 1; j--) {
      if (extra && i == 2) { extra = 0; j = 4; }
      a[3 * i - j] = j;
    }
  for (k = 0; k < n; k++)
    if (a[k] < 1 || a[k] > 3) reach_error();
  return 0;
}
