/* A write through a[k]: on k = 1 and v = 42 it reaches the error (a replayed counterexample). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[3] = {&x, &y, &x};
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  *a[k] = v;
  if (y == 42) reach_error();
  return 0;
}
