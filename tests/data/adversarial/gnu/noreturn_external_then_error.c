/* fatal is declared noreturn and defined elsewhere: whatever it does, it does not return
   (returning would be undefined), so the reach_error after it is unreachable.  The ground
   truth links a definition that exits. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
extern void fatal(void) __attribute__((__noreturn__));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) {
    fatal();
    reach_error();
  }
  return 0;
}