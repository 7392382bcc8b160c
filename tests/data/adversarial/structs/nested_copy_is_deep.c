/* t = s copies the nested members: a later write to s.in.x does not change t.in.x (a model
   that shared the inner struct would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { int n; struct inner in; };
int main(void) {
  struct outer s = { 1, { __VERIFIER_nondet_int(), 2 } };
  struct outer t;
  t = s;
  s.in.x = s.in.x == 5 ? 6 : 5;
  if (t.in.x == s.in.x || t.in.y != 2 || t.n != 1) reach_error();
  return 0;
}
