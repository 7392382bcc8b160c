/* A signed overflow on one arm only, after independent branches: y + 1 overflows for
   x == INT_MAX on the arm x > 100.  A join that drops the arm's condition from the overflow's
   path would still see it; one that keeps a wrong value for y might not. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int f = __VERIFIER_nondet_int();
  int y = 0;
  if (f) y = 1; else y = 2;
  if (x > 100) y = x; else y = y + 3;
  if (f) f = 0;
  /*MARK:before-add*/
  y = y + 1;
  /*MARK:after-add*/
  if (y == 0) reach_error();
  return 0;
}
