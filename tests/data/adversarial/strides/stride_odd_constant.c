/* A step of 3 * 2^20 (odd multiple): x % 2^20 == 0 still holds, x % 2^21 == 0 does not
   (x == 3 * 2^20 after one step); the error needs x % 2^21 != 0 and is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned int x = 0U;
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    n--;
    x = x + 3145728U * (unsigned int)__VERIFIER_nondet_int();
    if (x % 1048576U != 0U) reach_error();
    if (x == 3145728U) reach_error();
  }
  return 0;
}
