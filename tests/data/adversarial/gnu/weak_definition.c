/* A weak definition that nothing overrides (one translation unit) is the function. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
__attribute__((weak)) int f(int v) { return v + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (f(x) == 4) reach_error();
  return 0;
}