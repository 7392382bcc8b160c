/* s.items[i].x, s.items[i].y and s.items[1 - i].x are different cells (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct B { int n; struct A items[2]; };
int main(void) {
  struct B s;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  s.items[0].x = 0; s.items[0].y = 0; s.items[1].x = 0; s.items[1].y = 0;
  s.items[i].x = 5;
  s.items[i].y = s.items[i].x + 1;
  s.n = s.items[1 - i].x;
  if (i == 1 && s.items[1].y == 6 && s.items[0].x == 0 && s.n == 0) reach_error();
  return 0;
}
