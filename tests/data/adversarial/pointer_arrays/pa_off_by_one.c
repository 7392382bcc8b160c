/* The loop writes a[4] of an array of 4 pointers on 2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *a[4];
  int n = __VERIFIER_nondet_int();
  int last = n == 2 ? 4 : 3;
  for (int i = 0; i <= last; i++) {
    if (i == 4) { /*MARK:ub:out-of-bounds*/ }
    a[i] = &x;
  }
  if (*a[3] != x) reach_error();
  return 0;
}
