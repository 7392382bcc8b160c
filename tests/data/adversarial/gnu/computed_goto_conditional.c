/* A computed goto without a pointer variable. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  goto *(x == 3 ? &&err : &&ok);
err:
  reach_error();
ok:
  return 0;
}