/* Labels as values and a computed goto to the error (gcc: reachable for x == 3). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  void *p = &&ok;
  if (x == 3) p = &&err;
  goto *p;
err:
  reach_error();
ok:
  return 0;
}