/* As merge_reachable, but the error needs an odd s, which 2a + 10b never is: every
   execution ends after a bounded number of blocks, so the unfolding proves it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int s = 0;
  for (int i = 0; i < 4; i++) {
    if (__VERIFIER_nondet_int()) {
      for (int j = 0; j < 2; j++) s += 1;
    } else {
      s += 10;
    }
  }
  if (s % 2 == 1 || s > 40 || s < 8) reach_error();
  return 0;
}
