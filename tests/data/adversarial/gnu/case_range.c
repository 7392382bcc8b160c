/* case 1 ... 5: (a GNU case range) matches 1 to 5: reachable for x in 1..5. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  switch (x) {
  case 1 ... 5:
    reach_error();
    break;
  default:
    break;
  }
  return 0;
}