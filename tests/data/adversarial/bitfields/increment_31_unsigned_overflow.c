/* `unsigned int d : 31` promotes to int (C11 6.3.1.1p2), so `s.d++` computes d + 1 in int:
   at INT_MAX an overflow, undefined behaviour, although GCC wraps the bit-field to 0 there
   without a UBSan report (its ++ on a bit-field is computed in the bit-field's own type).
   Found by the soundness campaign's `bitfield` feature: the validator said false, replaying the
   path in a build whose `++` had no overflow check. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a : 3; unsigned int d : 31; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 2147483646) return 0;
  struct S s = {0, x};
  if (x == 2147483647) { /*MARK:ub:overflow*/ }
  s.d++;
  if (s.d == 0) reach_error();
  return 0;
}
