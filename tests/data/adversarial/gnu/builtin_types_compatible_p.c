/* __builtin_types_compatible_p(long, long long) is 0 even where both have 64 bits; (int,
   int) is 1: reachable for x == 3 only. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_types_compatible_p(long, long long)) reach_error();
  if (__builtin_types_compatible_p(int, signed int) && x == 3) reach_error();
  return 0;
}