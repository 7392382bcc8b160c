// The block's K = 5 shadows the global K = 1 only inside the block.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { K = 1 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  {
    enum { K = 5 };
    n = n + K;
  }
  if (K == 1 && n == 8) reach_error();
  return 0;
}
