/* { {1} } zeroes every member it does not name, nested ones too (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; struct inner last; };
int main(void) {
  struct outer s = { { 1 } };
  if (s.in.x != 1 || s.in.y != 0 || s.n != 0 || s.last.x != 0 || s.last.y != 0) reach_error();
  return 0;
}
