/* A local element never written is read on 4. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *a[3];
  int n = __VERIFIER_nondet_int();
  a[0] = &x;
  a[2] = &x;
  int k = n == 4 ? 1 : 2;
  if (n == 4) { /*MARK:ub:uninitialised*/ }
  if (a[k] == 0) reach_error();
  return 0;
}
