/* v = x ?: f() is x when x != 0, else 7 (f runs only then): v is never 0, and k counts the
   calls of f. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int k = 0;
int f(void) { k = k + 1; return 7; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int v = x ?: f();
  if (v == 0) reach_error();
  if (k != (x == 0)) reach_error();
  return 0;
}