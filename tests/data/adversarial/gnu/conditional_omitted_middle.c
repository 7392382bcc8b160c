/* x ?: y is x if x != 0, else y, with x evaluated once: n() runs once, so k == 1. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int k = 0;
int n(void) { k = k + 1; return k; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int v = n() ?: x;
  if (v == 1 && k == 1 && x == 3) reach_error();
  return 0;
}