/* Integer promotions, usual arithmetic conversions and casts on values of every type. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern _Bool __VERIFIER_nondet_bool(void);
void reach_error(void);

int main(void) {
  int i; unsigned int u; char c; unsigned char uc; short s; unsigned short us;
  long l; unsigned long ul; long long ll; unsigned long long ull; _Bool b;
  long long r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0, r8 = 0, r9 = 0;
  unsigned long long q1 = 0, q2 = 0, q3 = 0, q4 = 0, q5 = 0;
  while (__VERIFIER_nondet_int() != 3) {
    i = __VERIFIER_nondet_int(); u = __VERIFIER_nondet_uint();
    c = __VERIFIER_nondet_char(); uc = __VERIFIER_nondet_uchar();
    s = __VERIFIER_nondet_short(); us = __VERIFIER_nondet_ushort();
    l = __VERIFIER_nondet_long(); ul = __VERIFIER_nondet_ulong();
    ll = __VERIFIER_nondet_longlong(); ull = __VERIFIER_nondet_ulonglong();
    b = __VERIFIER_nondet_bool();
    r1 = i + u;
    r2 = c * uc + s * us;
    r3 = (i < u) + 2 * (c < uc) + 4 * (s < us) + 8 * (l < u) + 16 * (ll < ull) + 32 * (-1 < u)
         + 64 * (l < ul) + 128 * (i < ll) + 256 * (b < c);
    r4 = l + u;
    r5 = (char)i + (unsigned char)u + (signed char)l + (short)ll + (unsigned short)ull;
    r6 = ~uc + ~c + -us + -s + !l + !ll + (~u >> 3);
    r7 = b + b + (_Bool)i + (_Bool)(ll & 256) + (_Bool)c * 3;
    r8 = ll * i - ul * u + (long long)(unsigned)c;
    r9 = i ? u : ll;
    q1 = ull / (u | 1) + ull % (uc | 1);
    q2 = (unsigned long long)i * (unsigned long long)c;
    q3 = (unsigned long long)(long long)i - ull;
    q4 = b ? us : s;
    q5 = sizeof(l) * 100 + sizeof(ul + i) * 10 + sizeof(c + c);
    c = i; uc = i; s = u; us = l; b = u; l = ull; ul = ll; u = c; i = uc;
    if (r7 == 5 && r1 == 3) {
      reach_error();
    }
  }
  return 0;
}
