// 0x100000000 does not fit in int: `enum W` is a 64-bit unsigned type (unsigned long long in
// ILP32, unsigned long in LP64), so sizeof(enum W) == 8 in both data models.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum W { SMALL = 1, WIDE = 0x100000000 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  if (sizeof(enum W) + n == 8) reach_error();
  return 0;
}
