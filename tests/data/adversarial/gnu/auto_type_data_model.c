/* __auto_type d = x - 1UL is an unsigned long: 32 bits in ILP32 (4294967295 for x == 0),
   64 bits in LP64 (never 4294967295). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __auto_type d = x - 1UL;
  if (d == 4294967295UL) reach_error();
  return 0;
}