/* Elements pointing into one array compare and subtract as their indices do. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int arr[5];
int main(void) {
  int *a[2];
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 4 || j < 0 || j > 4) return 0;
  a[0] = &arr[i];
  a[1] = &arr[j];
  if ((a[0] < a[1]) != (i < j)) reach_error();
  if ((a[0] == a[1]) != (i == j)) reach_error();
  if (a[1] - a[0] != j - i) reach_error();
  return 0;
}
