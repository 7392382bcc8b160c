/* The bounds of a case range are converted to the promoted type of the controlling
   expression: case -2 ... -1 on an unsigned int matches 4294967294 and 4294967295. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  switch (u) {
  case -2 ... -1:
    reach_error();
    break;
  case 0 ... 9:
    break;
  }
  return 0;
}