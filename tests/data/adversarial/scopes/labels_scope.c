// Labels have function scope (f and g each have their own `again`); the goto loops inside the
// block where L = 4, L is the global 1 after it: acc = 4 + 4 + 1.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { L = 1 };
int f(int x) { int i = 0; again: if (i < x) { i++; goto again; } return i; }
int g(int x) { int i = 5; again: if (i > x) { i--; goto again; } return i; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int acc = 0;
  {
    enum { L = 4 };
    int k = 0;
  loop:
    acc += L;
    k++;
    if (k < 2) goto loop;
  }
  acc += L;
  if (f(n) + g(n) == 2 * n && acc == 9) reach_error();
  return 0;
}
