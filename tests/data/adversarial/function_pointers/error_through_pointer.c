/* The error function is called through a pointer: a call of it all the same (false on 5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  void (*fail)(void) = reach_error;
  if (__VERIFIER_nondet_int() == 5) fail();
  return 0;
}
