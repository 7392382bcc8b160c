/* y is an alias of the object x: a write to x is read through y (gcc: reachable for 5). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int x = 0;
extern int y __attribute__((alias("x")));
int main(void) {
  x = __VERIFIER_nondet_int();
  if (y == 5) reach_error();
  return 0;
}