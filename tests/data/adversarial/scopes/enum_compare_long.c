// `enum U` is unsigned int.  Against a long: in LP64 the long is wider, the comparison is signed
// (10 < -1 is false); in ILP32 both are 32 bits and long -1 becomes unsigned long 4294967295.
// expect ILP32: false(unreach-call)
// expect LP64: true
// inputs: 0 | 1 | 2
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum U { U0 = 0, U1 = 10 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  enum U u = U1;
  long l = -1 - n;
  if (u < l) reach_error();
  return 0;
}
