/* Falling off the end is fine when the caller does not use the value (a call statement): the
   execution goes on, and for x < -5 it reaches the error without undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(int x) {
  if (x > 0) return 1;
/*MARK:f-ends*/}
int main(void) {
  int x = __VERIFIER_nondet_int();
  f(x);
  if (x < -5) reach_error();
  return 0;
}
