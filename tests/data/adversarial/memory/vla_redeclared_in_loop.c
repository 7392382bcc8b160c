/* Each iteration declares a new array of a new size; its elements are indeterminate again, and
   the last element written in one iteration is no element of the next one. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int total = 0;
  for (int k = 1; k <= 3; k++) {
    int a[k];
    for (int i = 0; i < k; i++) a[i] = k;
    total += a[k - 1];
  }
  if (total == 6) reach_error();
  return 0;
}
