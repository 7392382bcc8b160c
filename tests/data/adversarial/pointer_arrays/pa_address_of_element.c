/* A pointer to an element: writes through it are writes of the element. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[3] = {&x, &x, &x};
  int **q = &a[1];
  int v = __VERIFIER_nondet_int();
  *q = &y;
  q[1] = &y;
  **q = v;
  if (a[1] != &y || a[2] != &y || a[0] != &x) reach_error();
  if (y != v) reach_error();
  return 0;
}
