/* C division and remainder (truncating), shifts; the operands sometimes have undefined
   behaviour (division by zero, INT_MIN / -1, shift by the width or more). */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
void reach_error(void);

int main(void) {
  int a, d, k; unsigned int u; long long x; unsigned char sh; short s;
  int q = 0, r = 0, t1 = 0, t2 = 0, t3 = 0;
  unsigned int w1 = 0, w2 = 0;
  long long y1 = 0, y2 = 0, y3 = 0, g1 = 0, g2 = 0;
  int arr[8] = {1, -1, 2, -2, 3, -3, 4, -4};
  while (__VERIFIER_nondet_int()) {
    a = __VERIFIER_nondet_int(); d = __VERIFIER_nondet_int();
    u = __VERIFIER_nondet_uint(); x = __VERIFIER_nondet_longlong();
    sh = __VERIFIER_nondet_uchar(); s = __VERIFIER_nondet_short();
    k = sh & 31;
    q = a / (d | 1);
    r = a % (d | 1);
    t1 = (a >> k) + (s >> (k & 15)) + (-a >> 1);
    t2 = a << k;
    t3 = s << (sh & 7);
    w1 = u / (u % 7 + 1) + u % (unsigned)(d | 1);
    w2 = (u >> k) ^ (u << (31 - k)) ^ (1u << k);
    y1 = x >> (sh & 63);
    y2 = x / (x % 1000 + 1001) - x % -7;
    y3 = (unsigned long long)x >> (sh & 63);
    if (sh > 240 && sh < 250) {
      q = a / d;          /* division by zero when d == 0, overflow when INT_MIN / -1 */
      r = a % d;
    } else if (sh > 230 && sh < 250) {
      t2 = a << sh;       /* shift by 32 or more when sh >= 32 */
      t3 = (int)(x >> d); /* shift by a negative amount or by 64 or more */
    } else if (sh > 220 && sh < 250) {
      y1 = x / a;
      y2 = x % (long long)d;
    }
    /* undefined behaviour guarded by short-circuit operators and ?: */
    g1 = (d != 0 && a / d > 2) + (d == 0 || a % d == 1) * 2 + (d ? a / d : -1) * 4
         + (k < 31 ? 1 << k : 0) + ((sh & 63) < 8 && arr[sh & 63] > 0);
    if (d != 0 && !(a == -2147483647 - 1 && d == -1)) g2 = a / d + a % d;
    if (q == 7 && r == 1 && sh < 10) {
      reach_error();
    }
  }
  return 0;
}
