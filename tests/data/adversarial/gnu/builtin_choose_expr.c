/* __builtin_choose_expr(c, a, b) is a when the constant c is non-zero, else b. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __builtin_choose_expr(sizeof(int) == 4, x + 1, x - 1);
  if (y == 4) reach_error();
  return 0;
}