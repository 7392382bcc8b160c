/* __builtin_bswap32 reverses the bytes: 0x01000000 for x == 1. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (__builtin_bswap32((unsigned) x) == 0x01000000u) reach_error();
  return 0;
}