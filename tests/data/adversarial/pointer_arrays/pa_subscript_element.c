/* a[i][j]: a subscript of an element that points to an array's first element. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int r0[3], r1[3];
int main(void) {
  int *a[2] = {r0, r1};
  int v = __VERIFIER_nondet_int();
  a[1][2] = v;
  if (r1[2] != v) reach_error();
  if (a[0][2] != 0) reach_error();
  return 0;
}
