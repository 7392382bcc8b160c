/* As exit_inside_then, but x == 7 takes the then-arm and reaches the error: a join that loses
   the arm's value (or its condition) would prove it. */
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
  if (y == 1 && x == 7) reach_error();
out:
  return 0;
}
