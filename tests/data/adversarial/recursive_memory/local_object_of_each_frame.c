/* Each call has its own local x whose address the next call receives: only the frame of the
   second-deepest call gets 1.  f(p, 1) returns 1, f(p, 2) returns 0: the error is reached for
   n == 2.  Objects in a summarised function's frame are not modelled (one variable would stand
   for every frame): never true. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int *p, int n) {
  int x = 0;
  if (n == 0) { *p = 1; return 0; }
  f(&x, n - 1);
  return x;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10000) return 0;
  int y = 0;
  if (f(&y, n) != 1) reach_error();
  return 0;
}
