/* The sv-benchmarks pattern, safe: the error is unreachable. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x > 0 ? x : 0;
  if (y < 0) reach_error();
  return 0;
}