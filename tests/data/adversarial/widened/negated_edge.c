/* x = a * 2^32 reaches LLONG_MIN (a = INT_MIN) without overflow; -x then overflows. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  long long x = (long long) a * 4294967296LL;
  if (a == -2147483647 - 1) { /*MARK:ub:overflow*/ }
  long long y = -x;
  if (a == 1 && y != -4294967296LL) reach_error();
  return 0;
}
