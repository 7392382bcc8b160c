// The inner `typedef signed char T` ends with its block: `after` is an int again.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef int T;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int r;
  {
    typedef signed char T;
    T c = 100 + n * 10;
    r = c;
  }
  T after = 100 + n * 10;
  if (r < 0 && after == 130) reach_error();
  return 0;
}
