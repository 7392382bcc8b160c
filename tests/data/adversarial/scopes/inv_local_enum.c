// The invariant names the function's own M = 5, which shadows the global M = 100.
// expect ILP32: true
// expect LP64: true
// witness valid: loop_invariant @ while (i < M) @ 0 <= i && i <= M && M == 5
// expect valid ILP32: true
// expect valid LP64: true
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { M = 100 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  enum { M = 5 };
  int i = n;
  while (i < M) { i++; }
  if (i != 5) reach_error();
  return 0;
}
