/* {[1] = 5, [1] = 7}: the later designator overrides the earlier one; the rest is zero
   (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a[3] = { [1] = 5, [1] = 7 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 2) return 0;
  if (a[j] == 5 || a[1] != 7 || (j != 1 && a[j] != 0)) reach_error();
  return 0;
}
