// At the loop T is the global unsigned char again: (T)300 is 44, the invariant is false.
// expect ILP32: true
// expect LP64: true
// witness wrong: loop_invariant @ while (i < n) @ (T)300 == 300
// expect wrong ILP32: false(unreach-call)
// expect wrong LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef unsigned char T;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  {
    typedef int T;
    T big = 300;
    n = n + big;
  }
  int i = 0;
  while (i < n) { i++; }
  if (i > 303) reach_error();
  return 0;
}
