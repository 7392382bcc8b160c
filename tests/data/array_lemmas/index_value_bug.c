/* As index_value, but element 777 is 0: the error is reachable for n > 777. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  for (int k = 0; k < n; k++) a[k] = k == 777 ? 0 : k;
  for (int i = 0; i < n; i++)
    if (a[i] != i) reach_error();
  return 0;
}
