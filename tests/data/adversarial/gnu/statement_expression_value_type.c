/* The value of ({ unsigned char t = x; t; }) is an unsigned char (not promoted), so y wraps
   at 256: y == 3 for x == 4. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __auto_type y = ({ unsigned char t = x; t; });
  y += 255;
  if (y == 3) reach_error();
  return 0;
}