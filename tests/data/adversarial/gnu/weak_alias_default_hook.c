/* hook is a weak alias of default_hook (no other definition is linked): calling hook runs
   default_hook. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 0;
void default_hook(void) { /*MARK:default_hook*/ g = 1; }
void hook(void) __attribute__((weak, alias("default_hook")));
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) hook();
  if (g) reach_error();
  return 0;
}