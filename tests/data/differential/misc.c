/* _Bool arithmetic, wrapping loop counters, switch on several types, conditions with side
   effects, typedefs and enums, escapes and suffixes, sizeof of types, external functions. */
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned char ext_byte(short channel);
extern _Bool ext_flag(void);
void reach_error(void);

typedef unsigned int u32;
typedef u32 word;
typedef signed char i8;
enum mode { OFF, LOW = 5, HIGH = LOW * 2, MAX = HIGH + 1, NEG = -7 };

extern int shared;
int shared = 11;

_Bool is_odd(long long v) { return v & 1; }

int main(void) {
  _Bool b = __VERIFIER_nondet_bool(), b2;
  word w = 0;
  i8 small;
  unsigned char uc;
  enum mode m = LOW;
  long long sel, z1 = 0, z2 = 0, z3 = 0, z4 = 0, z5 = 0;
  int x, y = 0, steps;
  while (__VERIFIER_nondet_int() % 8 != 0) {
    x = __VERIFIER_nondet_int();
    sel = __VERIFIER_nondet_longlong();
    b2 = b; b2--; z1 = b2; b2 += 2; z1 += b2 * 10; b2 = is_odd(sel); b2++; z1 += b2 * 100;
    b--; b = !b + is_odd(x);
    steps = 0;
    for (uc = (unsigned char)(x | 0xf0); uc != 4 && steps < 30; uc++) steps++;
    z2 = steps;
    switch (sel) {
    case -1LL: z3 = 1; break;
    case 4294967296LL: z3 = 2; break;
    case 'A': z3 = 3;
    default: z3 += 4;
    }
    switch ((i8)x) {
    case -128: z3 += 100; break;
    case NEG: z3 += 200; break;
    case MAX: z3 += 300;
    }
    switch ((u32)x) {
    case 4294967295u: z3 += 1000; break;
    case 0x80000000: z3 += 2000; break;
    }
    if ((y = x & 7) > 3 ? y-- : y++) z4 = y;
    while (y++, y < 6) z4 += y;
    if (!(x++ & 1)) z4 -= 1;
    small = (i8)(x * 37);
    w += (word)small + m + HIGH;
    m = (enum mode)(x & 3);
    z5 = '\101' + '\x41' * 2 + 10uL + 0x10LLu + 077u + sizeof(short) + sizeof(unsigned long long) * 2
         + sizeof(_Bool) * 3 + sizeof(word) * 4 + sizeof(enum mode) * 5 + shared;
    z5 += ext_byte((short)x) + ext_flag() * 1000;
    shared++;
    if (z3 == 1305 && z4 == 5) reach_error();
  }
  return (int)w;
}
