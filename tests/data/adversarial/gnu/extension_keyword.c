/* __extension__ only silences pedantic warnings. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
__extension__ typedef long long wide;
int main(void) {
  int x = __VERIFIER_nondet_int();
  wide y = __extension__ (x + 1LL);
  if (y == 4) reach_error();
  return 0;
}