/* The subtractive extended Euclid: p*s - r*q == 1 and the Bezout identities hold, and no
   product overflows because 1 <= p <= y, -y <= q <= 0, -x <= r <= 0, 1 <= s <= x, bounds a
   witness need not state.  q and r become negative: an invariant q >= 0 is wrong (x = 3,
   y = 5). */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < 1 || y < 1) return 0;
  long long a = x, b = y, p = 1, q = 0, r = 0, s = 1;
  while (a != b) {
    if (a > b) {
      a = a - b;
      p = p - q;
      r = r - s;
    } else {
      b = b - a;
      q = q - p;
      s = s - r;
    }
  }
  if (q < 0) { /*MARK:negative*/ }
  if (p * s - r * q != 1) reach_error();
  if (a != y * r + x * p) reach_error();
  return 0;
}
