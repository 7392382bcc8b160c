// `enum U` is unsigned int, but its constants that fit in int have type int: A - 2 is -1 < 0.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum U { A = 1, Z = 0 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  if (A - 2 - n < 0) reach_error();
  return 0;
}
