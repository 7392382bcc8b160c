/* boom's address is taken and compared, never called: its error is unreachable (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void boom(void) { reach_error(); }
void calm(void) { }
int main(void) {
  void (*p)(void) = calm;
  void (*q)(void) = boom;
  if (__VERIFIER_nondet_int()) p = calm;
  if (p == q) reach_error();
  p();
  return 0;
}
