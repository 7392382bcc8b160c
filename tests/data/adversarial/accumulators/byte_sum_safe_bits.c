/* As byte_sum_safe, with a bitwise operation that puts the program in bit-vectors: the
   lemma s - 255 * i <= 0 is stated over widened bit-vectors. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned char n = (unsigned char)__VERIFIER_nondet_int();
  if (n == 0) return 0;
  unsigned char v = 0;
  unsigned int s = 0;
  unsigned int i = 0;
  while (i < n) {
    v = (unsigned char)(__VERIFIER_nondet_int() | 0);
    s += v;
    ++i;
  }
  if (s < v) reach_error();
  if (s > 65025) reach_error();
  return 0;
}
