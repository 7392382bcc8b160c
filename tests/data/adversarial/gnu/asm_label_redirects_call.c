/* g's assembler name is "h": a call of g runs h (gcc: reachable for x == 3). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int flag = 0;
void h(void) { /*MARK:h*/ flag = 1; }
extern void g(void) __asm__("h");
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) g();
  if (flag) reach_error();
  return 0;
}