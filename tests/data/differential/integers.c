/* Only what the `Integers` theory accepts (no arrays, no |, ^, no product or quotient of two
   variables, shifts by constants, & with 2^k - 1), so that the transition system uses
   mathematical integers: every wrap-around, truncation and floor must still be C's. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern signed char __VERIFIER_nondet_schar(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern long __VERIFIER_nondet_long(void);
extern _Bool __VERIFIER_nondet_bool(void);
void reach_error(void);

int main(void) {
  int i; unsigned int u; signed char c; unsigned char uc; short s; unsigned short us;
  long long ll; unsigned long long ull; long l; _Bool b;
  long long a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0;
  unsigned long long m1 = 0, m2 = 0, m3 = 0;
  while (__VERIFIER_nondet_int() != 3) {
    i = __VERIFIER_nondet_int(); u = __VERIFIER_nondet_uint();
    c = __VERIFIER_nondet_schar(); uc = __VERIFIER_nondet_uchar();
    s = __VERIFIER_nondet_short(); us = __VERIFIER_nondet_ushort();
    ll = __VERIFIER_nondet_longlong(); ull = __VERIFIER_nondet_ulonglong();
    l = __VERIFIER_nondet_long(); b = __VERIFIER_nondet_bool();
    a1 = i + 1 + (i - 2147483647) + -i + ~i + (int)(u + 7u) + (int)-u;
    a2 = i * 3 + i * -5 + u * 7u + c * 100 + uc * -300 + s * 65537 + ll * 3;
    a3 = i / 8 + i / -7 + i % 8 + i % -7 + u / 10u + u % 10u + c / 3 + s % 5 + ll / -1000000007LL;
    a4 = (i >> 3) + (c >> 1) + (s >> 15) + (ll >> 40) + (u >> 31) + (i << 4) + (uc << 24) + (us << 16);
    a5 = (i & 255) + (c & 15) + (u & 0xFFFF) + (ll & 0xFFFFFFFFFFLL) + (s & 1) + (ull & 7);
    a6 = (signed char)i + (unsigned char)i + (short)u + (unsigned short)ll + (int)ull + (_Bool)s
         + (long)ll + (unsigned long)i;
    a7 = (i < u) + 2 * (c < uc) + 4 * (s < us) + 8 * (ll < ull) + 16 * (l < u) + 32 * (b == c)
         + 64 * (i == (int)u) + 128 * ((unsigned char)c == uc);
    a8 = -c + -uc + -s + -us + ~uc + ~us + ~c + (-ll) + (long long)-ull;
    c += 100; uc -= 200; s *= -3; us += 40000; u -= 5; i -= 2147483647; ll += 9223372036854775807LL;
    a9 = c + uc + s + us + i + ll + u;
    m1 = ull + ull + 1; m2 = ull * 5 - u; m3 = (ull >> 1) + (ull / 3) + (ull % 1000);
    b = i > 0; b++; b = b + 1;
    if (a9 == 1234567 && b) reach_error();
  }
  return 0;
}
