/* As stride_safe, but from the third iteration on x is 2^18 off its stride: x % 2^20 == 0
   holds in the first iterations (where samples come from) and then no longer; the error is
   reached with every step zero. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned int x = 0U, y = 0U, z = 0U, k = 0U;
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    n--;
    x = x + 1048576U * (unsigned int)__VERIFIER_nondet_int();
    y = y + 2097152U * (unsigned int)__VERIFIER_nondet_int();
    z = z + 4194304U * (unsigned int)__VERIFIER_nondet_int();
    k++;
    if (k == 3U) x = x + 262144U;
    if (4U * x - 2U * y + z == 1048576U) reach_error();
  }
  return 0;
}
