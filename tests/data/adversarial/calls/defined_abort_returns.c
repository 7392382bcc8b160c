/* The program defines abort with a body that returns.  gcc treats abort as a noreturn built-in
   ("'noreturn' function does return"): after the call, gcc -O0 goes on (and reaches the error),
   gcc -O2 crashes.  Returning from it is undefined behaviour: neither true nor false. */
extern int __VERIFIER_nondet_int(void);
int g = 0;
void abort(void) {
  g = 1;
/*MARK:ub:abort-returns*/}
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) abort();
  if (g) reach_error();
  return 0;
}
