/* `i++;` as a statement (its value discarded) still overflows: INT_MAX + 1 is undefined, not a
   wrap to INT_MIN that reaches the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int i = 2147483646 + (k > 0);
  if (k > 0) { /*MARK:ub:overflow*/ }
  i++;
  if (i < 0) reach_error();
  return 0;
}
