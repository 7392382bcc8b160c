/* Designated initialisers of a local array of pointers: on 7 the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int y = __VERIFIER_nondet_int();
  int *a[3] = {[2] = &y, [0] = &x};
  if (*a[2] == 7 && a[1] == 0) reach_error();
  return 0;
}
