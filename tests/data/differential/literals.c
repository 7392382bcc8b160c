/* Integer constants and their types (C11 6.4.4.1), character constants, enums, sizeof. */
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
void reach_error(void);

enum colour { RED = -2, GREEN, BLUE = 40, VIOLET };

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned long y = __VERIFIER_nondet_ulong();
  long long k1 = 0, k2 = 0, k3 = 0, k4 = 0, k5 = 0, k6 = 0, k7 = 0, k8 = 0;
  unsigned long long m1 = 0, m2 = 0;
  enum colour col = GREEN;
  k1 = (x < 2147483648) + 2 * (x < 0xFFFFFFFF) + 4 * (x < 4294967296) + 8 * (-1 < 0x80000000)
       + 16 * (-1L < 1U) + 32 * (-1 < 1UL) + 64 * (x > -2147483648);
  k2 = 2147483647 + 1 + 0x7FFFFFFF + 1U + 017 + 0b101 + 10l + 10LL + 10ull;
  k3 = 'a' + '\n' + '\xff' + '\377' + '\0' + '\'';
  k4 = RED + GREEN * 10 + BLUE * 100 + VIOLET * 1000 + col;
  k5 = sizeof(long) * 10000 + sizeof(long long) * 1000 + sizeof(x) * 100 + sizeof(char) * 10
       + sizeof(0x7FFFFFFFFFFFFFFF);
  k6 = -2147483648 + x - 0x80000000;
  k7 = (y > 4294967295) + 2 * (y + 1 > 0) + 4 * ((long)y < 0);
  k8 = (1u << 31 >> 31) + 0 - (1 << 30 << 1);
  m1 = 18446744073709551615ULL / (y | 1);
  m2 = -1 + 0U + 0x8000000000000000 + (unsigned long long)-1;
  if (k1 == 0) reach_error();
  return 0;
}
