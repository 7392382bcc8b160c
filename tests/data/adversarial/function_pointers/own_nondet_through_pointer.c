/* The program defines its own __VERIFIER_nondet_int (always 3): called through a pointer its
   body runs, not the modelled nondet function (true). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int __VERIFIER_nondet_int(void) { return 3; }
int main(void) {
  int (*get)(void) = __VERIFIER_nondet_int;
  if (get() != 3) reach_error();
  return 0;
}
