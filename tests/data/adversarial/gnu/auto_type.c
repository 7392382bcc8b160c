/* __auto_type takes the initialiser's type: y is unsigned char here. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = x;
  __auto_type y = c;
  if (y == 4 && x > 255) reach_error();
  return 0;
}