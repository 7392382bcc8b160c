/* An empty asm statement with a memory clobber is a compiler barrier: no effect here. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __asm__ __volatile__("" ::: "memory");
  asm volatile("" ::: "memory");
  if (x == 3) reach_error();
  return 0;
}