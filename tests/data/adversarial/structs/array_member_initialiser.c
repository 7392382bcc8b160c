/* { {1, 2}, 3 }: the elements not named are zero (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[4]; int n; };
int main(void) {
  struct S s = { { 1, 2 }, 3 };
  int i = __VERIFIER_nondet_int();
  if (i < 2 || i > 3) return 0;
  if (s.a[i] != 0 || s.a[1] != 2 || s.n != 3) reach_error();
  return 0;
}
