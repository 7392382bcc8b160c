/* d has the type of c, unsigned char: it wraps from 255 to 0 in the loop. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  unsigned char c = 250;
  __auto_type d = c;
  int k = 0;
  while (k < n) {
    d = d + 1;
    k = k + 1;
  }
  if (d != (unsigned char)(250 + n)) reach_error();
  return 0;
}