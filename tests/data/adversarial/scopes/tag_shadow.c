// The block's `enum E` (with a negative constant: signed) shadows the global tag E (unsigned
// int) only inside the block: after it, (enum E)-1 > 0.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum E { A = 1 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int r;
  {
    enum E { NEG = -5, P = 1 };
    enum E e = NEG + n;
    r = e < 0;
  }
  enum E o = -1 - n;
  if (r == 1 && o > 0) reach_error();
  return 0;
}
