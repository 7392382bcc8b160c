/* f is an alias of impl: calling f runs impl's body (gcc: reachable for x == 3). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
void impl(void) { /*MARK:impl*/ g = 1; }
void f(void) __attribute__((alias("impl")));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) f();
  if (g) reach_error();
  return 0;
}