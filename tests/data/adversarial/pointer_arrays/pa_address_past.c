/* q walks past the last element of the array of pointers (on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *a[2] = {&x, &x};
  int **q = &a[1];
  int n = __VERIFIER_nondet_int();
  q++;
  if (n == 1) { /*MARK:before-past*/ if (*q == &x) reach_error(); }
  return 0;
}
