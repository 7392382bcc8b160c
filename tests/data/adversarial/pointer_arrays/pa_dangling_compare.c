/* Comparing an element that holds a dangling pointer: its value is indeterminate. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int *a[2];
void keep(void) { int local = 4; a[0] = &local; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  a[1] = 0;
  keep();
  if (n == 1) { /*MARK:ub:dangling*/ if (a[0] == a[1]) reach_error(); }
  return 0;
}
