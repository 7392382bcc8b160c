/* A recursive function adds 1 to the caller's variable through a pointer at every level, as deep
   as the input (up to 10000 calls: only procedure summaries prove it).  The writes must leave
   the call: safe. */
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
  if (x != n) reach_error();
  return 0;
}
