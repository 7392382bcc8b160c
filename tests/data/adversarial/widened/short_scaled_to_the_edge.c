/* A short times 2^48: -32768 * 2^48 is LLONG_MIN exactly and 32767 * 2^48 below LLONG_MAX,
   so nothing overflows; the bounds are met, not passed. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  short s = (short) __VERIFIER_nondet_int();
  long long d = (long long) s * 281474976710656LL;
  if (s == -32768 && d != -9223372036854775807LL - 1) reach_error();
  if (s == 32767 && d != 9223090561878065152LL) reach_error();
  return 0;
}
