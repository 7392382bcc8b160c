/* Paths that reach the loop head at the same step from different blocks (the inner loop
   takes steps of its own) are merged: s is 2a + 10b with a + b == 4, and 16 (a = 3) is
   reached.  A merge that kept one path's state would miss it. */
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
  if (s == 16) reach_error();
  return 0;
}
