/* A nested function (GNU C) writes a variable of the enclosing function. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int c = 0;
  void add(void) { c += x; }
  add();
  if (c == 3) reach_error();
  return 0;
}