// An enumeration constant's scope begins after its enumerator: the inner A = A + 1 reads the
// outer A (5), B = A * 2 the inner one (6).  After the block A is 5 again.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { A = 5 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  int x;
  {
    enum { A = A + 1, B = A * 2 };
    x = B + n;
  }
  if (A == 5 && x == 12) reach_error();
  return 0;
}
