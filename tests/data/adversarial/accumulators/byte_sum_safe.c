/* The shape of loop-invariants/linear-inequality-inv-a: the sum of n bytes is at most
   255 * n and at least the last byte (s <= 255 * i, i <= n, s >= v at the loop head). */
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
  if (s < v) reach_error();
  if (s > 65025) reach_error();
  return 0;
}
