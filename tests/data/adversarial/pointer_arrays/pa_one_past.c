/* An element one past the end of an array is dereferenced on 1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int arr[5];
int main(void) {
  int *a[1];
  int n = __VERIFIER_nondet_int();
  a[0] = arr + 5;
  if (n == 1) { /*MARK:before-past*/ if (*a[0] == 3) reach_error(); }
  return 0;
}
