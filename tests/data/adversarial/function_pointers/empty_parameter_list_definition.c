/* `int seven() {...}` is defined with an empty identifier list: compatible with int (*)(void)
   (C11 6.7.6.3p15), so the call is defined (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int seven() { return 7; }
int main(void) {
  int (*f)(void) = seven;
  if (__VERIFIER_nondet_int() == 1 && f() == 7) reach_error();
  return 0;
}
