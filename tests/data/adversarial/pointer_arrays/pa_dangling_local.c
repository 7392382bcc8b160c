/* An element keeps the address of a local of a function that returned. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int *a[2];
void keep(void) { int local = 4; a[0] = &local; a[1] = 0; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  keep();
  if (n == 1) { /*MARK:before-dangling*/ if (*a[0] == 4) reach_error(); }
  return 0;
}
