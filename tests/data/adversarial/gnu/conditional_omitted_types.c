/* x ?: y has the type of x ? x : y: for an unsigned int and a long that is unsigned long in
   ILP32 (-1L becomes ULONG_MAX, stored back in r as -1) and long in LP64 (4294967295 stays). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  long r = u ?: -1L;
  if (r == -1L && x != 0) reach_error();
  return 0;
}