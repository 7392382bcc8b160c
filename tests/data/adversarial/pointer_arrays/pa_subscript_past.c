/* a[1][3] is past the end of the 3 ints a[1] points to (on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int r0[3], r1[3];
int main(void) {
  int *a[2] = {r0, r1};
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  if (j == 3) { /*MARK:before-past*/ }
  if (a[1][j] == 5) reach_error();
  return 0;
}
