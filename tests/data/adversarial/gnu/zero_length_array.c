/* A zero-length array: any element access is out of bounds (undefined). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int a[0];
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) {
    /*MARK:ub:out-of-bounds*/
    a[0] = x;
  }
  return 0;
}