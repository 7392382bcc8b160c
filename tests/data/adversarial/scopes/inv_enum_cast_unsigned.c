// `enum E` is unsigned int: (enum E)-1 is 4294967295.  The witness `valid` says it is positive,
// the witness `wrong` that it is negative (false: refuted).
// expect ILP32: true
// expect LP64: true
// witness valid: loop_invariant @ while (i < n) @ (enum E)-1 > 0 && 0 <= i && i <= n && n <= 3
// expect valid ILP32: true
// expect valid LP64: true
// witness wrong: loop_invariant @ while (i < n) @ (enum E)-1 < 0
// expect wrong ILP32: false(unreach-call)
// expect wrong LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum E { A = 1, B = 2 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int i = 0;
  while (i < n) { i++; }
  if (i > 3) reach_error();
  return 0;
}
