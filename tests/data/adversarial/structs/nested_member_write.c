/* s.in.x and s.n are different variables: writing one leaves the other (false on 7). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  struct outer s;
  s.in.x = __VERIFIER_nondet_int();
  s.in.y = 1;
  s.n = 3;
  if (s.in.x + s.n == 10 && s.in.y == 1) reach_error();
  return 0;
}
