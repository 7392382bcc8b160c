/* Elements pointing to two different objects are unequal; to one object, equal. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[3] = {&x, &y, &x};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 2) return 0;
  if (a[0] == a[1]) reach_error();
  if (a[0] != a[2]) reach_error();
  if ((a[n] == &x) != (n != 1)) reach_error();
  return 0;
}
