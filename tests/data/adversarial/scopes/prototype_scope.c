// The prototype's T is the global int: the block's `typedef unsigned char T` does not change
// what __VERIFIER_nondet_T returns (x may be 256).
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 255 | 256 | 300
extern void abort(void);
void reach_error(void) { abort(); }
typedef int T;
extern T __VERIFIER_nondet_T(void);
int main(void) {
  typedef unsigned char T;
  int x = __VERIFIER_nondet_T();
  if (x < 0 || x > 300) return 0;
  T small = x;
  if (x > 255 && small == x - 256) reach_error();
  return 0;
}
