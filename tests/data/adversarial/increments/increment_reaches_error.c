/* The error after `x++;` is reached where x + 1 == 5: the increment is not lost. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  int x = k;
  x++;
  if (x == 5) reach_error();
  return 0;
}
