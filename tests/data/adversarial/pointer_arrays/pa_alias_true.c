/* Two elements alias one object: a write through one is read through the other. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x;
int main(void) {
  int *a[3];
  int v = __VERIFIER_nondet_int();
  a[0] = &x;
  a[1] = &x;
  a[2] = 0;
  *a[0] = v;
  if (*a[1] != v) reach_error();
  return 0;
}
