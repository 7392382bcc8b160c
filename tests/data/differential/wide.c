/* long long and (in LP64) __int128 arithmetic; unsigned long wrap-around by data model. */
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

int main(void) {
  long long a, b; unsigned long ul; unsigned int u;
  long long h1 = 0, h2 = 0, h3 = 0, h4 = 0;
  unsigned long z1 = 0, z2 = 0;
  while (__VERIFIER_nondet_uint() != 3) {
    a = __VERIFIER_nondet_longlong(); b = __VERIFIER_nondet_longlong();
    ul = __VERIFIER_nondet_ulong(); u = __VERIFIER_nondet_uint();
    h1 = a * b + (a >> 40) - (b << 17);
    h2 = (a ^ b) / (b | 1) + a % ((b & 0xFFFF) | 1);
    z1 = ul * u + ul / (u | 1) - (ul >> 7);
    z2 = ul + u;
#ifdef __SIZEOF_INT128__
    {
      __int128 w = (__int128)a * b;
      unsigned __int128 uw = (unsigned __int128)ul * ul + (unsigned __int128)-1;
      h3 = (long long)(w >> 64) + (long long)w;
      h4 = (long long)(uw >> 70) ^ (long long)(w / (b | 1)) ^ (long long)(uw % 1000003);
    }
#endif
    if (h1 == 42 && z2 == 0) reach_error();
  }
  return 0;
}
