/* As short_sum_wraps, with a bitwise operation that puts the program in bit-vectors. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned short x = (unsigned short)(__VERIFIER_nondet_int() | 1);
  unsigned int n = (unsigned int)__VERIFIER_nondet_int();
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++) {
    s += x;
  }
  if (n > 0 && s < x) reach_error();
  return 0;
}
