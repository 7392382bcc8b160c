/* __builtin_add_overflow computes the wrapped sum and says whether it overflowed (no
   undefined behaviour): reachable for x == INT_MAX. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  if (__builtin_add_overflow(x, 1, &r) && r < 0) reach_error();
  return 0;
}