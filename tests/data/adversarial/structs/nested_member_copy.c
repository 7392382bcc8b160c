/* s.in = t.in copies both inner members and leaves s.n (false on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  struct outer s = { { 1, 2 }, 9 };
  struct outer t = { { __VERIFIER_nondet_int(), 5 }, 0 };
  s.in = t.in;
  if (s.in.x == 3 && s.in.y == 5 && s.n == 9) reach_error();
  return 0;
}
