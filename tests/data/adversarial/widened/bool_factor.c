/* A factor converted to _Bool is 0 or 1, whatever the int was: no overflow with LLONG_MAX,
   and the product is LLONG_MAX, not 7 * LLONG_MAX wrapped. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  long long p = (long long) (_Bool) k * 9223372036854775807LL;
  if (k == 7 && p != 9223372036854775807LL) reach_error();
  if (k == 0 && p != 0) reach_error();
  return 0;
}
