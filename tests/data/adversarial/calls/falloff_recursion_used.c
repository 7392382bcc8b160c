/* A recursive function that falls off its end for n < 0; its value is used: undefined
   behaviour for n < 0. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int n) {
  if (n == 0) return 0;
  if (n > 0) return f(n - 1);
/*MARK:ub:f-ends*/}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 10) return 0;
  if (f(n) != 0) reach_error();
  return 0;
}
