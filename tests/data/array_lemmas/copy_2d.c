/* Two-dimensional variable-length arrays whose size is a variable set to a constant: the
   index bounds need the dimension equal to n (the copy `vla-size == n`, unsampled_lemmas.py),
   the copy loop the quantified copy over rows (array_lemmas.py), and Houdini queries with
   arrays z3's QF_ABV tactic, not QF_BV (which answered `sat` to them);
   array-multidimensional/copy-2-u. */
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
      A[i][j] = B[i][j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      if (A[i][j] != B[i][j]) reach_error();
  return 0;
}
