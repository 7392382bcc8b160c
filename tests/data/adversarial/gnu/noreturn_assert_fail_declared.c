/* The sv-benchmarks pattern: __assert_fail is only declared, __attribute__((__noreturn__)):
   the error is reachable for x == 3, and nothing after reach_error runs. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) {
    reach_error();
    /*MARK:after-error*/
  }
  return 0;
}