/* Both the callee's index and the argument come from inputs: gcc evaluates the callee first,
   then the argument, so the error needs the inputs 2 then 4 (a model that read them the other
   way round would give a counterexample that does not replay: 4 then 2 calls zero). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int zero(int x) { return 0; }
int dbl(int x) { return 2 * x; }
int (*table[5])(int) = { zero, zero, dbl, zero, zero };
int main(void) {
  int r = table[(unsigned)__VERIFIER_nondet_int() % 5](__VERIFIER_nondet_int());
  if (r == 8) reach_error();
  return 0;
}
