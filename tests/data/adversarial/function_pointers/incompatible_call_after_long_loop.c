/* The error is behind three million iterations and a call through an incompatible pointer
   type: gcc's build runs the call without a trap and reaches the error on 7, but that run has
   undefined behaviour first, so it refutes nothing (never false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int id(int x) { return x; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  long (*p)(long) = (long (*)(long))id;
  unsigned i, s = 0;
  if (n != 7) return 0;
  for (i = 0; i < 3000000; i++) s += i & 1;
  /*MARK:ub:incompatible-call*/
  if (p(s) == 1500000) reach_error();
  return 0;
}
