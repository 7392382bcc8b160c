// -1 and 0xFFFFFFFF need 33 signed bits: `enum M` is a signed 64-bit type (long long in ILP32,
// long in LP64), NEG stays int, BIG gets the enum's type.  Inside the enum, B2 = BIG + 1 is
// computed in BIG's type there (unsigned int): 0.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum M { NEG = -1, BIG = 0xFFFFFFFF, B2 = BIG + 1 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  enum M m = NEG + n;
  if (sizeof(m) == 8 && m - 1 < 0 && B2 == 0 && BIG + 1 == 0x100000000LL) reach_error();
  return 0;
}
