/* The constructor sets g before main: the error is unreachable (a model without it finds
   g == 0; that counterexample must not replay). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
__attribute__((constructor)) static void init(void) { /*MARK:init*/ g = 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (g == 0 && x == 3) reach_error();
  return 0;
}