/* A copy of an element keeps the old pointer after the element is overwritten. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[2];
  int v = __VERIFIER_nondet_int() & 255;
  a[0] = &x;
  a[1] = &y;
  int *p = a[0];
  a[0] = &y;
  *p = v;
  *a[0] = v + 1;
  if (x != v) reach_error();
  if (y != v + 1) reach_error();
  if (*a[1] != v + 1) reach_error();
  return 0;
}
