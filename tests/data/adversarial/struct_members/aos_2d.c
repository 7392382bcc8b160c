/* A two-dimensional array of structs: m[i][j].x is element (i, j) of m.x (false on 1, 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct A m[2][3] = { [1][2] = { 7, 8 } };
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 2) return 0;
  m[0][1].y = 8;
  if (m[i][j].x == 7 && m[i][j].y == 8) reach_error();
  return 0;
}
