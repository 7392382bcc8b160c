/* f falls off its end for x <= 0 and main uses the value: undefined behaviour (C11 6.9.1p12).
   gcc -O0 returns whatever is left in the return register (for x <= 0 the error is reached). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  if (x > 0) return 1;
/*MARK:ub:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f(x);
  if (r != 1) reach_error();
  return 0;
}
