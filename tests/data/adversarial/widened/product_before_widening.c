/* `(long long) (a * b)`: the cast comes after the int product, which overflows. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 46340 && b > 46340) { /*MARK:ub:overflow*/ }
  long long p = (long long) (a * b);
  if (a > 0 && b > 0 && p < 0) reach_error();
  return 0;
}
