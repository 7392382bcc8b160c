/* m[0][3] is past the row m[0], although m[1][0] lies there: undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct A m[2][3];
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  m[1][0].x = 5;
  if (j == 3) { /*MARK:ub:out-of-bounds*/ }
  if (m[0][j].x == 5) reach_error();
  return 0;
}
