/* The program's abort never returns (it loops): after it nothing happens, as with the C
   library's abort.  Safe. */
extern int __VERIFIER_nondet_int(void);
void abort(void) {
  ABORT: goto ABORT;
}
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) abort();
  if (x > 10) reach_error();
  return 0;
}
