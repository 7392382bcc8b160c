/* p stays NULL unless the input is positive: *p is undefined behaviour for x <= 0. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int y = 0;
  int *p = 0;
  int x = __VERIFIER_nondet_int();
  if (x > 0) p = &y;
  if (p == 0) { /*MARK:ub:null*/ }
  *p = 1;
  if (y != 1) reach_error();
  return 0;
}
