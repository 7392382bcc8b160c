/* An asm statement with an output operand writes y (x86, both data models). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  __asm__ volatile("movl $5, %0" : "=r"(y));
  if (y == 5 && x == 3) reach_error();
  return 0;
}