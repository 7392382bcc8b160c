// No constant of E is negative: GCC gives `enum E` the type unsigned int, so e == 4294967295 - n > 0.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum E { A = 1, B = 2 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  enum E e = -1 - n;
  if (e > 0) reach_error();
  return 0;
}
