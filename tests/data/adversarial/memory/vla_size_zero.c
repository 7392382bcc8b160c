/* A variable-length array of size 0 is undefined behaviour (C11 6.7.6.2p5), even if no element
   is touched; UBSan's vla-bound reports it.  A model that declares the array anyway and goes on
   would prove the error unreachable for n == 0 - but gcc's behaviour there is no ground truth. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int a[n];
  /*MARK:declared*/
  if (n == 0) reach_error();
  a[0] = 1;
  return a[0] - 1;
}
