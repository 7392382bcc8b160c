/* cleanup(check) calls check(&v) when v goes out of scope: the error for x == 5. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
void check(int *p) { /*MARK:cleanup*/ if (*p == 5) reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  {
    int v __attribute__((cleanup(check))) = x;
  }
  return 0;
}