/* The statement expression in the arm of ?: that is not taken never runs: its endless loop
   does not block the path to the error (x == 3). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = x == 3 ? 1 : ({ for (;;) {} 0; });
  if (r == 1) reach_error();
  return 0;
}