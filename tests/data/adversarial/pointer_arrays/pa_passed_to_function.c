/* The array passed to a function as int **: it writes and reads the elements. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int count(int **v, int n) {
  int c = 0;
  for (int i = 0; i < n; i++) if (v[i] == &y) c++;
  v[0] = &y;
  return c;
}
int main(void) {
  int *a[3] = {&x, &y, &x};
  int k = __VERIFIER_nondet_int();
  if (k) a[2] = &y;
  int c = count(a, 3);
  if (c != 1 + (k != 0)) reach_error();
  if (a[0] != &y) reach_error();
  return 0;
}
