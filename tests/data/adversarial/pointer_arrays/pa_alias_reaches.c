/* On 3 the second element points to y, not x: x keeps 7 and the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[2];
  int n = __VERIFIER_nondet_int();
  a[0] = &x;
  a[1] = n == 3 ? &y : &x;
  *a[0] = 7;
  *a[1] = 8;
  if (x == 8) return 0;
  reach_error();
  return 0;
}
