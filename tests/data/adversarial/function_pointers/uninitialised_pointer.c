/* The pointer is set on one branch only: calling it otherwise reads an indeterminate value. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int one(void) { return 1; }
int main(void) {
  int (*p)(void);
  if (__VERIFIER_nondet_int()) p = one;
  else { /*MARK:ub:uninitialised*/ }
  if (p() != 1) reach_error();
  return 0;
}
