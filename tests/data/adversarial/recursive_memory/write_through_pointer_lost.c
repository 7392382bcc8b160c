/* As write_through_pointer, but the error is reached when the writes arrive (x == n > 0): a
   summary that loses the callee's writes (x still 0 after the call) would call it safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void inc(int *p, int n) {
  if (n == 0) return;
  *p = *p + 1;
  inc(p, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int x = 0;
  inc(&x, n);
  if (n > 0 && x == n) reach_error();
  return 0;
}
