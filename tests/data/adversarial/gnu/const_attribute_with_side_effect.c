/* bump is declared const but writes g: gcc -O0 drops the call whose value is unused (the
   error is unreachable), gcc -O2 inlines it (the error is reachable for x == 3).  The
   promise is broken; the meaning depends on the optimisation level. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
__attribute__((const)) int bump(void) { g = 1; return 0; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) bump();
  if (g) reach_error();
  return 0;
}