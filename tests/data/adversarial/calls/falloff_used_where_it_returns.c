/* The value of f is used only where f returns one; where f falls off its end the value is not
   used: safe, no undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  if (x > 0) return 1;
/*MARK:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    if (f(x) != 1) reach_error();
  }
  f(x);
  return 0;
}
