/* The local label of a macro's statement expression is a new label at each use. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
#define FIRST_NONNEG(a, b) ({ __label__ done; int r_ = (a); if (r_ >= 0) goto done; r_ = (b); done: r_; })
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int p = FIRST_NONNEG(x, 7);
  int q = FIRST_NONNEG(y, -3);
  if (p == 7 && q == -3 && x < 0 && y < 0) reach_error();
  return 0;
}