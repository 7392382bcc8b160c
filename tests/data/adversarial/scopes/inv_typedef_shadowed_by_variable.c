// At the loop T is an int variable (T >= 5): the text (T)-1 < 0 there means T - 1 < 0, which
// is false.  Read as a cast to the global typedef it would hold: a wrong `true`.
// expect ILP32: true
// expect LP64: true
// witness wrong: loop_invariant @ while (i < T) @ (T)-1 < 0
// expect wrong ILP32: false(unreach-call)
// expect wrong LP64: false(unreach-call)
// unknown-ok: typedef name 'T'
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef int T;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int T = n + 5;
  int i = 0;
  while (i < T) { i++; }
  if (i > 8) reach_error();
  return 0;
}
