/* Arguments are evaluated right to left by gcc (the order only decides which input each
   nondet call reads); side effects that do not interfere, in all kinds of operands. */
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);

int calls;
int mix(int a, unsigned char b, long long c) { calls++; return a * 1000 + b * 10 + (int)(c & 7); }
int pure(int a, int b) { return a - b; }

int main(void) {
  int r1 = 0, r2 = 0, r3 = 0, r4 = 0, i = 0, j = 0;
  int a[4] = {1, 2, 3, 4};
  while (__VERIFIER_nondet_int() != 3) {
    r1 = mix(__VERIFIER_nondet_int() & 15, __VERIFIER_nondet_uchar(), __VERIFIER_nondet_int());
    r2 = pure(__VERIFIER_nondet_int(), pure(__VERIFIER_nondet_uchar(), 3));
    r3 = (__VERIFIER_nondet_int() & 3) - (__VERIFIER_nondet_int() & 3) * 2;
    r4 = a[i++ & 3] + (j += 2) + pure(r1, r2);
    a[__VERIFIER_nondet_uchar() & 3] = __VERIFIER_nondet_int();
    if (r1 == 1234 && r3 == 1) reach_error();
  }
  return calls;
}
