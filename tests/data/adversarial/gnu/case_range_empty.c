/* A case range whose (converted) bounds are out of order matches nothing (gcc warns "empty
   range specified"): the error is unreachable. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  int r = 0;
  switch (u) {
  case 5 ... 1:
    reach_error();
    break;
  case -1 ... 1:
    reach_error();
    break;
  case 'a' ... 'z':
    r = 1;
    break;
  default:
    r = 2;
  }
  if (r == 1 && (u < 97 || u > 122)) reach_error();
  return 0;
}