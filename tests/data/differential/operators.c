/* Compound assignment operators on narrow and unsigned types, promotions in shifts,
   conversions of parameters and return values, types of conditional expressions. */
extern int __VERIFIER_nondet_int(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern signed char __VERIFIER_nondet_schar(void);
void reach_error(void);

char narrow_return(int x) { return x + 200; }
unsigned char narrow_param(unsigned char x, short y) { return x * 3 + y; }

int main(void) {
  signed char sc; unsigned short us; unsigned char uc; short s; int x; unsigned int u;
  long long e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0;
  while (__VERIFIER_nondet_int()) {
    x = __VERIFIER_nondet_int(); us = __VERIFIER_nondet_ushort(); sc = __VERIFIER_nondet_schar();
    uc = x; s = us; u = x;
    uc >>= 1; uc <<= 3; uc %= 7 + (x & 1); uc /= 2; uc &= 0x7e; uc |= 0x81; uc ^= sc;
    s += 30000; s -= us; s *= sc; s /= (sc | 1); s %= 1000 + (sc & 3);
    u <<= (us & 31); u >>= (sc & 31); u *= 0xdeadbeefu; u += -1;
    sc += 100; sc *= 2; sc -= 1;
    e1 = (uc << 24) + (us << 16) + -uc + -us;
    e2 = (x & 1 ? -1 : 1u) + (x & 2 ? -1 : 1L) + (x & 4 ? (char)-1 : (unsigned char)255);
    e3 = narrow_return(x) + narrow_param(x, us) + narrow_param(us, x);
    e4 = (sc == (_Bool)x) + (uc > sc) * 2 + (s < us) * 4 + ((short)us == us) * 8;
    e5 = sizeof(x + 1L) + sizeof(sc + sc) * 10 + sizeof(uc ? s : us) * 100;
    e6 = (long long)u * uc - (unsigned long long)sc;
    if (e4 == 15 && e1 == 0) reach_error();
  }
  return 0;
}
