/* The program's __VERIFIER_assume does not block: for x <= 0 the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int assumed = 0;
void __VERIFIER_assume(int cond) {
  assumed = cond;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x <= 0) reach_error();
  return 0;
}
