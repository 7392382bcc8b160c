/* An array of pointers to pointers: **a[1] writes x through q. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *p = &y, *q = &y;
  int **a[2] = {&p, &q};
  int v = __VERIFIER_nondet_int();
  *a[1] = &x;
  **a[1] = v;
  if (x != v) reach_error();
  if (p != &y) reach_error();
  return 0;
}
