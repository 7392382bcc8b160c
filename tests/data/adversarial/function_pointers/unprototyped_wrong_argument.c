/* Through a pointer without a prototype a long argument reaches an int parameter: undefined
   behaviour (C11 6.5.2.2p6), although gcc passes the value in a register. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int twice(int x) { return 2 * x; }
int main(void) {
  int (*p)() = twice;
  long v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100) return 0;
  /*MARK:ub:argument-mismatch*/
  if (p(v) == 8) reach_error();
  return 0;
}
