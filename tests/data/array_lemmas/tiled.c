/* Tiles of three written by an inner loop whose index needs the outer loop's guard, which
   has a division: `i <= n / 3` holds at the inner loop's head and no bound or octagon says
   it (a program condition alone, candidates.py); the inner counter's constant 3, not the
   outer counter's initial value, gives the outer loop's range [0 .. 3*i - 3)
   (array_ranges.py); array-tiling/nr3. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[300000];
int main(void) {
  int i, j, k;
  int n = __VERIFIER_nondet_int();
  if (n < 3 || n > 300000 || n % 3 != 0) return 0;
  for (i = 1; i <= n / 3; i++)
    for (j = 3; j >= 1; j--)
      a[3 * i - j] = j;
  for (k = 0; k < n; k++)
    if (a[k] < 1 || a[k] > 3) reach_error();
  return 0;
}
