/* An assembler name on a function that is defined here renames only its symbol. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int twice(int v) __asm__("my_twice");
int twice(int v) { return 2 * v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (twice(x) == 10) reach_error();
  return 0;
}