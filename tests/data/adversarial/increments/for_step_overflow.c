/* A for loop's step `i++` (a void expression) overflows after a few iterations. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  int i;
  for (i = 2147483644 + k; i > 0; i++) {
    if (i == 2147483647) { /*MARK:ub:overflow*/ }
  }
  reach_error();
  return 0;
}
