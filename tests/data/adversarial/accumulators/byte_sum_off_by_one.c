/* As byte_sum_safe, but the bound is one too small: 255 bytes of 255 reach 65025. */
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
    v = (unsigned char)__VERIFIER_nondet_int();
    s += v;
    ++i;
  }
  if (s > 65024) reach_error();
  return 0;
}
