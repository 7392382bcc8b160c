/* s.a[0][3] is past the first row of a two-dimensional member array, although s.a[1][0] is
   there in memory: undefined behaviour, not a read of the next row (which would reach the
   error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[2][3]; int n; };
int main(void) {
  struct S s = { { {1, 2, 3}, {4, 5, 6} }, 7 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  if (j == 3) { /*MARK:ub:out-of-bounds*/ }
  if (s.a[0][j] == 4) reach_error();
  return 0;
}
