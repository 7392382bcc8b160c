/* A statement expression with a side effect as a loop condition: t is i before the
   increment, so the body runs n times and s == 2 * n at the end. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0;
  int s = 0;
  while (({ int t = i; i = i + 1; t < n; })) {
    s = s + 2;
  }
  if (s != 2 * n) reach_error();
  return 0;
}