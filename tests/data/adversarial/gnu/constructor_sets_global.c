/* A constructor runs before main: g is 1 when main reads it (gcc: reachable for x == 1234567). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
__attribute__((constructor)) static void init(void) { /*MARK:init*/ g = 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (g == 1 && x == 1234567) reach_error();
  return 0;
}