/* f falls off its end only for x <= 0 (undefined behaviour there); for x == 100 the error is
   reached without undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  if (x > 0) return x;
/*MARK:ub:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f(x);
  if (r == 100) reach_error();
  return 0;
}
