/* sizeof of a VLA is evaluated at run time: n * 2 * sizeof(short) bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  short a[n][2];
  if (sizeof(a) != (unsigned)n * 4) reach_error();
  if (sizeof(a) == 12) reach_error();
  return 0;
}
