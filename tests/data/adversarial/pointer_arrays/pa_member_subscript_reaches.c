/* p->q[k] writes arr[k + 1]: on k = 2 and v = 9 the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int *q; };
int arr[4];
int main(void) {
  struct S s;
  struct S *p = &s;
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  p->q = &arr[1];
  p->q[k] = v;
  if (arr[3] == 9) reach_error();
  return 0;
}
