/* A loop over a switch with case ranges: c counts the i in 0 ... 9 with i % 10 in 3 ... 5. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int i = 0;
  int c = 0;
  while (i < n) {
    switch (i) {
    case 3 ... 5:
      c = c + 1;
      break;
    case 0 ... 2:
    default:
      break;
    }
    i = i + 1;
  }
  if (c > 3) reach_error();
  return 0;
}