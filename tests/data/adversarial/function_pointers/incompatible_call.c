/* A call through a pointer type that is not compatible with the function's (long vs int
   parameter): undefined behaviour (C11 6.3.2.3p8), whatever gcc happens to do. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int id(int x) { return x; }
int main(void) {
  long (*p)(long) = (long (*)(long))id;
  int v = __VERIFIER_nondet_int();
  if (v == 3) { /*MARK:ub:incompatible-call*/ p(v); }
  return 0;
}
