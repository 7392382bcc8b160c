/* The factor f stays <= n in the first thousand iterations (where random tests sample it)
   and exceeds it later: a candidate `f <= n` taken for a fact would hide the error, which
   n = 5000 reaches. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 100000) return 0;
  long long i = 0, f = 1, p = 1;
  while (i < n) {
    i = i + 1;
    if (i > 1000) f = f + 2;
    p = f * f;
  }
  if (f > n + 2 && p > 0) reach_error();
  return 0;
}
