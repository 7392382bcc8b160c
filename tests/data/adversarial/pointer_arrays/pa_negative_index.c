/* a[-1] is read on -1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *a[2] = {&x, &x};
  int k = __VERIFIER_nondet_int();
  if (k < -1 || k > 1) return 0;
  if (k < 0) { /*MARK:ub:out-of-bounds*/ }
  int *p = a[k];
  if (p != &x) reach_error();
  return 0;
}
