/* __attribute__((section)) places objects; it does not change their meaning. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g __attribute__((section(".data.gnu_test"))) = 3;
__attribute__((section(".text.gnu_test"))) int add(int a) { return a + g; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (add(x) == 10) reach_error();
  return 0;
}