/* _Static_assert that holds, at file scope and in a block: no effect. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
_Static_assert(sizeof(int) == 4, "int has 32 bits");
int main(void) {
  int x = __VERIFIER_nondet_int();
  _Static_assert(sizeof(char) == 1, "char is a byte");
  if (x == 3) reach_error();
  return 0;
}