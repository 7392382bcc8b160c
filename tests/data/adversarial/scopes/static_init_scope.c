// A static local's initialiser is read in the scope of its declaration (K = 9 in f), whatever
// K means elsewhere in the program.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { K = 1 };
int f(void) { enum { K = 9 }; static int s = K; return s++; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  int a = f();
  int b = f();
  {
    enum { K = 3 };
    n = n + K;
  }
  if (a == 9 && b == 10 && n == 3 + K - 1) reach_error();
  return 0;
}
