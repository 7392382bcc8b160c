/* __builtin_ctz: 31 only for x == INT_MIN; x == 0 is undefined, so x != 0 here. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 0) return 0;
  if (__builtin_ctz((unsigned) x) == 31) reach_error();
  return 0;
}