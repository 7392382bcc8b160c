/* A two-dimensional array of pointers, each element into one array. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int arr[6];
int main(void) {
  int *m[2][3];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      m[i][j] = &arr[i * 3 + j];
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 2) return 0;
  *m[i][j] = 9;
  if (arr[i * 3 + j] != 9) reach_error();
  if (m[1][0] - m[0][0] != 3) reach_error();
  return 0;
}
