/* m[0][3] of a 2 x 3 array of pointers: out of bounds (on 3), not m[1][0]. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *m[2][3] = {{&x, &x, &x}, {&x, &x, &x}};
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  if (j == 3) { /*MARK:ub:out-of-bounds*/ }
  if (m[0][j] != &x) reach_error();
  return 0;
}
