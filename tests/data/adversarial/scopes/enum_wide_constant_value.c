// WIDE does not fit in int: after the enum it has the enum's type, 64-bit unsigned; WIDE - n
// keeps the full value and WIDE - 0x200000000 wraps to a huge positive number.  SMALL is int.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum W { SMALL = 7, WIDE = 0x100000000 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  long long v = WIDE - n;
  if (v == 0x100000000LL - 2 && WIDE - 0x200000000 > 0 && SMALL - 8 < 0 && sizeof(WIDE) == 8)
    reach_error();
  return 0;
}
