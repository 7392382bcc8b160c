/* Counters stepped by multiples of 2^20, 2^21 and 2^22 (bitvector/jain_7-2's pattern): x, y
   and z stay multiples of their steps modulo 2^32, so 4x - 2y + z is a multiple of 2^22 and
   never 2^20.  The proof needs the congruences x % 2^20 == 0, ... */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned int x = 0U, y = 0U, z = 0U;
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    n--;
    x = x + 1048576U * (unsigned int)__VERIFIER_nondet_int();
    y = y + 2097152U * (unsigned int)__VERIFIER_nondet_int();
    z = z + 4194304U * (unsigned int)__VERIFIER_nondet_int();
    if (4U * x - 2U * y + z == 1048576U) reach_error();
  }
  return 0;
}
