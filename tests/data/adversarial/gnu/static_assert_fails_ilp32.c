/* A _Static_assert that fails in ILP32: gcc -m32 rejects the program (C11 6.7.10p2), -m64
   accepts it, and it is safe there. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
_Static_assert(sizeof(long) == 8, "LP64 only");
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != x) reach_error();
  return 0;
}