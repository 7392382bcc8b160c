/* As copy_2d, but one element of one row is copied wrong: the error is reachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int i, j;
  int n = 500;
  int x = __VERIFIER_nondet_int();
  int A[n][n];
  int B[n][n];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = x;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = i == 300 && j == 3 ? 0 : B[i][j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      if (A[i][j] != B[i][j]) reach_error();
  return 0;
}
