/* A nested function declared with auto, called, and defined after the return of main (dead
   code for a CFA that lowers statements in order). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  auto void set(void);
  int x = __VERIFIER_nondet_int();
  int c = 0;
  if (x == 3) set();
  if (c) reach_error();
  return 0;
  void set(void) { c = 1; }
}