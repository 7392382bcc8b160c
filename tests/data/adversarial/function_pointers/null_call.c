/* A call through NULL on some inputs: undefined behaviour, never true (gcc crashes). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int zero(void) { return 0; }
int main(void) {
  int (*p)(void) = 0;
  if (__VERIFIER_nondet_int()) p = zero;
  if (p == 0) { /*MARK:ub:null-call*/ }
  if (p() != 0) reach_error();
  return 0;
}
