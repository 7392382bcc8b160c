/* __builtin_popcount counts the set bits: 32 only for x == -1. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_popcount((unsigned) x) == 32) reach_error();
  return 0;
}