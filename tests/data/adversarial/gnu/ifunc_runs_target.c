/* f is an indirect function: the dynamic linker calls resolve_f and f() runs what it returns. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
void impl(void) { /*MARK:impl*/ g = 1; }
static void (*resolve_f(void))(void) { return impl; }
void f(void) __attribute__((ifunc("resolve_f")));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) f();
  if (g) reach_error();
  return 0;
}