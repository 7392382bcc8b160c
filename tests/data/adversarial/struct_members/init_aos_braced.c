/* {{1, 2}, {3, 4}}: arr[2] is zero (false on 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[3] = { { 1, 2 }, { 3, 4 } };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 2) return 0;
  if (arr[j].x + arr[j].y == 0) reach_error();
  return 0;
}
