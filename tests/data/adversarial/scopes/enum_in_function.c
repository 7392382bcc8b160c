// Each function's V is its own; after the calls V is the global 100.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { V = 100 };
int f(void) { enum { V = 3 }; return V; }
int g(void) { enum { V = -7 }; return V; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int s = f() + g() + n;
  if (V == 100 && s == -1) reach_error();
  return 0;
}
