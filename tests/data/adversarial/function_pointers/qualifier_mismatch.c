/* const int * and int * parameters make incompatible function types: the call is undefined
   behaviour (C11 6.7.6.3p15, 6.3.2.3p8) although gcc runs it as expected. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int rd(const int *p) { return *p; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int (*g)(int *) = (int (*)(int *))rd;
  /*MARK:ub:incompatible-call*/
  if (g(&x) != x) reach_error();
  return 0;
}
