/* As strided, but b[50] is 0: the error is reachable when a[50] == 10. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int i;
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[100000];
  int b[100000];
  for (i = 0; i < n; i = i + 2) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] == 10) b[i] = i == 50 ? 0 : 20;
  }
  for (i = 0; i < n; i = i + 2)
    if (a[i] == 10 && b[i] != 20) reach_error();
  return 0;
}
