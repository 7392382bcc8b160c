/* asm goto jumps to a C label (gcc: reachable for x == 3). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) asm goto("jmp %l0" : : : : err);
  return 0;
err:
  reach_error();
  return 0;
}