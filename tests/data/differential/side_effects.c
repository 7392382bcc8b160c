/* Compound assignment on narrow types, ++/--, comma, assignments as values, short-circuit
   and ?: with side effects, side effects in loop conditions. */
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);

int main(void) {
  unsigned char uc = 250; signed char sc = 120; short s = 32000; unsigned short us = 65530;
  int i = 0, j = 5, k = 0, n, m, t = 0, v = 0;
  unsigned int u = 3;
  long long acc = 0;
  n = __VERIFIER_nondet_int() & 15;
  while (i++ < n) {
    m = __VERIFIER_nondet_int();
    uc += m; sc -= m; s *= 3; us <<= 1; u -= m; u *= 7u;
    uc++; sc--; ++s; --us;
    t = (m > 0) && (j++ > 3);
    v = (m < 0) || (k-- < -2);
    acc += (t ? j++ : k--) + (m & 1 ? (v = m) : (v += 2));
    acc += (j = k = m & 7) + (t, v, 3);
    u ^= (unsigned)(sc < 0 ? -sc : sc) | ((unsigned)s << 2);
    acc = acc * 3 + uc + sc + s + us + u;
    if (j++ == 3 && (k *= 2) > 100) {
      reach_error();
    }
  }
  for (k = __VERIFIER_nondet_uchar(); k-- > 250; j += k) {
    acc -= k;
  }
  do {
    acc += j;
  } while (--j > 0 && acc < 1000);
  return (int)acc;
}
