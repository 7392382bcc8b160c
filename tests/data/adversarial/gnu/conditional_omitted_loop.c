/* x = x ?: 5 sets x to 5 in the first iteration and keeps it (x is read once per ?:). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  unsigned int x = 0;
  int k = 0;
  while (k < n) {
    x = x ?: 5;
    k = k + 1;
  }
  if (k > 0 && x != 5) reach_error();
  return 0;
}