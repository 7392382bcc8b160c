/* p = *pp where pp points to p, and *pp = *pp + 1: the old value is read before the write. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a[3] = {1, 2, 3};
  int *p = &a[0];
  int **pp = &p;
  p = *pp;
  *pp = *pp + 1;
  if (*p != 2 || p != &a[1]) reach_error();
  if (**pp != 2) reach_error();
  return 0;
}
