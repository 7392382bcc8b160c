// A negative constant makes `enum S` signed (int): e == -1 - n is never positive.
// expect ILP32: true
// expect LP64: true
// inputs: 0 | 1 | 2
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum S { NEG = -3, POS = 2 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  enum S e = -1 - n;
  if (e > 0) reach_error();
  return 0;
}
