/* Bit-fields: stores wrap modulo 2^w (signed ones too), reads promote to int (unsigned int for
   32 unsigned bits), increments and compound assignments in the promoted type, GCC's narrow
   long long bit-fields, _Bool and enumeration bit-fields, copies and pointers, compound
   assignments to narrow lvalues with side effects. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long long __VERIFIER_nondet_longlong(void);
void reach_error(void);

enum colour { RED, GREEN, BLUE };
struct bits {
  unsigned u3 : 3;
  int i3 : 3;
  int : 2;
  unsigned u31 : 31;
  unsigned u32 : 32;
  int i32 : 32;
  long long q5 : 5;
  unsigned long long uq20 : 20;
  _Bool b : 1;
  char c4 : 4;
  enum colour e : 2;
  int : 0;
  short s9 : 9;
};

int main(void) {
  struct bits s = { 1, -1 }, t;
  struct bits *p = &s;
  long long r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0, r7 = 0, r8 = 0, r9 = 0, r10 = 0;
  struct bits arr[2] = { 0 };
  signed char bytes[2] = { 0, 0 };
  int i, k, idx = 0;
  unsigned u;
  while (__VERIFIER_nondet_int() != 3) {
    i = __VERIFIER_nondet_int();
    u = __VERIFIER_nondet_uint();
    s.u3 = i; s.i3 = i; s.u31 = u; s.u32 = u; s.i32 = i;
    s.q5 = __VERIFIER_nondet_longlong(); s.uq20 = u; s.b = i; s.c4 = i; s.e = u; s.s9 = i;
    r1 = s.u3 + s.i3 * 10 + s.b * 100 + s.c4 * 1000 + s.e * 10000 + s.s9 * 100000LL;
    r2 = (s.u3 - 8 < 0) + 2 * (s.u31 - 1 < 0) + 4 * (s.u32 - 1 < 0) + 8 * (s.u31 < s.u32)
         + 16 * (s.i3 < s.u32) + 32 * (s.q5 < 0) + 64 * (sizeof(s.uq20 + 0) == 4);
    r3 = s.u31 + s.u32 + s.q5 + s.uq20;
    s.i3++; s.u3--; s.c4 += 9; s.s9 *= 3; p->e++; p->q5 -= 7;
    r4 = s.i3 * 1000 + s.u3 * 100 + s.c4 + p->e * 10 + p->q5 * 10000 + s.s9 * 1000000LL;
    k = (s.u3 = i);
    k = k + (s.i3 = u);
    r5 = k;
    t = s;
    t.i3 = t.u3 + 5;
    r6 = t.i3 + 10 * s.i3 + 100 * t.u32 % 7;
    r7 = s.b ? s.u3 : s.i3;
    r8 = (s.u3 << 28) + (s.u32 >> 3) + (unsigned)s.i3;
    /* compound assignments to lvalues with side effects: evaluated once */
    bytes[idx++ % 2] += i % 100;
    r9 = (bytes[idx++ % 2] *= 3);
    r9 += bytes[0] * 1000 + bytes[1] * 100000;
    arr[idx++ % 2].i3 += i;
    r10 = (arr[idx++ % 2].u3 *= 3);
    r10 += arr[0].i3 * 100 + arr[1].u3 * 10000 + idx * 1000000LL;
    if (r1 == 7 && r4 == 3) {
      reach_error();
    }
  }
  return 0;
}
