/* Where the value of `x++` is used it is the old one, and x is incremented all the same. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  int x = k;
  int y = x++;
  int z = (x++, x++);
  if (y != k || z != k + 2 || x != k + 3) reach_error();
  return 0;
}
