/* The flat index of a two-dimensional VLA uses the run-time row length: a[i][j] with rows of
   m + 1 elements; a model that used the wrong stride would see a[1][0] overwrite a[0][m]
   and miss the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (n < 2 || n > 5 || m < 1 || m > 5) return 0;
  int a[n][m + 1];
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      a[i][j] = 10 * i + j;
  if (a[0][m] == m && a[1][0] == 10) reach_error();
  return 0;
}
