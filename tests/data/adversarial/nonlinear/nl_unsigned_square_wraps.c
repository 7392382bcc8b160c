/* q >= u holds for u * u over the mathematical integers (u >= 1), but the unsigned product
   wraps: n = 65536 gives q == 0.  An invariant `q >= u` is wrong. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  unsigned int u = (unsigned int)n;
  unsigned int q = u * u;
  int i = 0;
  while (i < 2) {
    i = i + 1;
  }
  if (q < u) { /*MARK:wrapped*/ }
  return 0;
}
