/* The same recursive function, whose end is never reached for 0 <= n <= 1000000 (too deep for
   any inlining bound: only procedure summaries prove it): safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int n) {
  if (n == 0) return 0;
  if (n > 0) return f(n - 1) + 1;
/*MARK:ub:f-ends*/}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  if (f(n) != n) reach_error();
  return 0;
}
