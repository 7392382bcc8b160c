/* A weak function that no translation unit defines has address 0: the error is reached. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
extern void hook(void) __attribute__((weak));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) {
    if (hook) hook();
    else reach_error();
  }
  return 0;
}