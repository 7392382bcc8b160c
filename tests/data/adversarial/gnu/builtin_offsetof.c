/* __builtin_offsetof: b is at offset 4 in both data models. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
struct s { char a; int b; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == (int) __builtin_offsetof(struct s, b)) reach_error();
  return 0;
}