/* The value of f is never used, so falling off its end is fine: the program is safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
int f(int x) {
  g = x;
  if (x > 0) return 1;
/*MARK:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  f(x);
  if (g != x) reach_error();
  return 0;
}
