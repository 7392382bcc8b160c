/* arr[i] = s copies: changing s afterwards leaves arr[i] as it was (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[3] = { 0 };
  struct A s;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  s.x = __VERIFIER_nondet_int();
  if (s.x < 0 || s.x > 100) return 0;
  s.y = 2;
  arr[i] = s;
  s.x = s.x + 1;
  s.y = 3;
  if (arr[i].x == s.x || arr[i].y != 2) reach_error();
  return 0;
}
