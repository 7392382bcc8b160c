/* __builtin_clz(0) is undefined (gcc -fsanitize=builtin traps): for x == 0. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = __builtin_clz((unsigned) x);
  if (n > 40) reach_error();
  return 0;
}