/* __builtin_constant_p(c) is 0 at -O0 but 1 at -O1 and above (c is propagated): its value is
   gcc's choice, not the program's meaning. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int c = 5;
  if (__builtin_constant_p(c)) reach_error();
  return 0;
}