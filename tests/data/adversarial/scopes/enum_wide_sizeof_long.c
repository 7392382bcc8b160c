// sizeof(enum W) is 8; sizeof(long) is 8 only in LP64.
// expect ILP32: true
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum W { WIDE = 0x100000000 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  if (sizeof(enum W) == sizeof(long) + n) reach_error();
  return 0;
}
