/* A widened short minus LLONG_MAX: -1 - LLONG_MAX is LLONG_MIN, -2 - LLONG_MAX overflows. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  short s = (short) __VERIFIER_nondet_int();
  if (s < -1) { /*MARK:ub:overflow*/ }
  long long d = (long long) s - 9223372036854775807LL;
  if (d == 0) reach_error();
  return 0;
}
