// A function-local enum tag referenced from a nested block and through a local typedef: the
// local `enum L` is unsigned int (no negative constant), so x > 0 and the cast wraps.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum L { LNEG = -1 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  enum L { L0, L1, L2 };
  typedef enum L LT;
  {
    enum L x = L0 - 1 - n;
    if (x > 0 && (LT)-1 == 4294967295u && sizeof(LT) == 4) reach_error();
  }
  return 0;
}
