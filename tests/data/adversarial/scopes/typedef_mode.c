// __attribute__((mode(QI))) makes i8 an 8-bit integer: 200 + n becomes negative.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// unknown-ok: __attribute__((mode))
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef int i8 __attribute__((mode(QI)));
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  i8 x = 200 + n;
  if (x < 0) reach_error();
  return 0;
}
