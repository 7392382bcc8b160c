/* An element moved by ++ and += points further into its array. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int arr[5];
int main(void) {
  int *a[2];
  int v = __VERIFIER_nondet_int();
  arr[3] = v;
  a[0] = arr;
  a[0]++;
  a[0] += 2;
  a[1] = a[0] - 3;
  if (*a[0] != v) reach_error();
  if (a[1] != arr) reach_error();
  return 0;
}
