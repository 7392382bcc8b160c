/* s.in = s.in and s = s (source and target the same object) change nothing (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  int v = __VERIFIER_nondet_int();
  struct outer s = { { v, v + 0 * 1 }, 4 };
  s.in = s.in;
  s = s;
  if (s.in.x != v || s.in.y != v || s.n != 4) reach_error();
  return 0;
}
