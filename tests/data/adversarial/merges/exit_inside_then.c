/* Paths that part at `x > 0`, one of them leaving through a goto before the join: the join's
   arrivals are (x > 0 && !(x > 10)) with y == 1 and !(x > 0) with y == 2.  Selecting y by the
   last condition alone (!(x > 10)) would give y == 1 for x == -5 and reach the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 0) {
    if (x > 10) goto out;
    y = 1;
  } else {
    y = 2;
  }
  if (y == 1 && x <= 0) reach_error();
  if (y == 2 && x > 0) reach_error();
out:
  return 0;
}
