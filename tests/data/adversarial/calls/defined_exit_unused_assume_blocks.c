/* The program defines exit (never calling it) and leaves __VERIFIER_assume undefined: the
   assumption blocks x <= 0, so the error is unreachable.  (A harness whose blocked assumption
   ends the run through the name exit would run the program's exit and go on.) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void exit(int status) {
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x <= 0) reach_error();
  return 0;
}
