/* _Noreturn on a function whose body returns: undefined behaviour when it is called
   (C11 6.7.4p8). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
_Noreturn void stop(void) {
  g = 1;
/*MARK:ub:stop-returns*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) stop();
  if (g) reach_error();
  return 0;
}