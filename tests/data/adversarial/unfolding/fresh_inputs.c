/* Every iteration draws an input of its own: the two draws may differ (0, 1).  An
   unfolding that gave the steps of one block the same input constant would find the
   error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int v[2];
  for (int i = 0; i < 2; i++) {
    v[i] = __VERIFIER_nondet_int();
  }
  if (v[0] != v[1]) reach_error();
  return 0;
}
