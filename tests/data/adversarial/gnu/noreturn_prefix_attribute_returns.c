/* __attribute__((noreturn)) before the definition of a function that returns: undefined
   behaviour when it is called. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
__attribute__((noreturn)) void stop(void) {
  g = 1;
/*MARK:ub:stop-returns*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) stop();
  if (g) reach_error();
  return 0;
}