/* The end of f is after a while (1) loop that is left only by return: it is never reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  while (1) {
    if (x >= 0) return x;
    x = x + 10;
  }
/*MARK:ub:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -100) return 0;
  if (f(x) < 0) reach_error();
  return 0;
}
