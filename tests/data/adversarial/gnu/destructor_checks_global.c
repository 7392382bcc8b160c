/* A destructor runs after main returns: it reaches the error when main stored 7. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
__attribute__((destructor)) static void fin(void) { /*MARK:fin*/ if (g == 7) reach_error(); }
int main(void) {
  g = __VERIFIER_nondet_int();
  return 0;
}