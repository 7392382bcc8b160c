/* Relational comparison of elements pointing to two different objects: undefined. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[2] = {&x, &y};
  int n = __VERIFIER_nondet_int();
  if (n == 1) { /*MARK:ub:relational*/ if (a[0] < a[1]) reach_error(); }
  return 0;
}
