/* The sum of two positive ints in a long long, converted to int (gcc: modulo 2^32, not
   undefined), is negative for 2147483647 + 1.  An integer reading that forgot the
   wrap-around of the conversion would find the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  for (int i = 0; i < 2; i++) {
    long long s = (long long)a + b;
    int t = (int)s;
    if (a > 0 && b > 0 && t < 0) reach_error();
  }
  return 0;
}
