/* x*z - x - y + 1 == 0 holds over the mathematical integers, but x * z overflows long long
   for large z and k (z = 4194304, k = 3): undefined behaviour, so never `true`. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int z = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (z < 1 || k < 1) return 0;
  long long x = 1, y = z, c = 1;
  while (c < k) {
    c = c + 1;
    x = x * z + 1;
    y = y * z;
  }
  if (x * z - x - y + 1 != 0) reach_error();
  return 0;
}
