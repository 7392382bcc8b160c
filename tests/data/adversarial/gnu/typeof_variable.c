/* typeof / __typeof__ name the type of an expression: y is an unsigned char, so y == 4 for
   x == 260. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = 0;
  typeof(c) y = x;
  __typeof__(x) z = y;
  if (z == 4 && x > 255) reach_error();
  return 0;
}