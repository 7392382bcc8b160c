// At the loop M is the global 100 (the block's M = 5 has ended; n is at most 8).  The witness
// `valid` needs M == 100 there; the witness `wrong` says M < 50, which is false: it is refuted.
// expect ILP32: true
// expect LP64: true
// witness valid: loop_invariant @ while (i < n) @ 0 <= i && i <= n && n <= M - 92
// expect valid ILP32: true
// expect valid LP64: true
// witness wrong: loop_invariant @ while (i < n) @ M < 50
// expect wrong ILP32: false(unreach-call)
// expect wrong LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { M = 100 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  {
    enum { M = 5 };
    n = n + M;
  }
  int i = 0;
  while (i < n) { i++; }
  if (i > M - 92) reach_error();
  return 0;
}
