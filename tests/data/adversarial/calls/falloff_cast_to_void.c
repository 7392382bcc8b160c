/* A value cast to void, or the left operand of a comma, is not used: no undefined behaviour;
   for x < -5 the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  if (x > 0) return 1;
/*MARK:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  (void)f(x);
  int y = (f(x), x);
  if (y < -5) reach_error();
  return 0;
}
