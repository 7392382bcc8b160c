/* An unnamed bit-field is no member: the initialiser list skips it (C11 6.7.9p9), so {5, 6}
   gives f = 5 and y = 6, and {.f = 13} wraps in three bits (false: 13 is 5 in three bits). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int : 4; unsigned f : 3; int y; };
int main(void) {
  struct A a = { 5, 6 };
  struct A b[2] = { { 1, 2 }, { .f = 13 } };
  int k = __VERIFIER_nondet_int();
  if (a.f != 5 || a.y != 6 || b[0].f != 1 || b[1].y != 0) return 0;
  if (k == b[1].f) reach_error();
  return 0;
}
