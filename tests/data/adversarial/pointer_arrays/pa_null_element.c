/* A global array of pointers starts NULL: a[2] is never written, dereferenced on 2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int *a[3];
int main(void) {
  int n = __VERIFIER_nondet_int();
  a[0] = &x;
  a[1] = &x;
  int k = n == 2 ? 2 : 1;
  if (n == 2) { /*MARK:before-null*/ }
  if (*a[k] == 1) reach_error();
  return 0;
}
