/* Elements of a heap block clamped to n, then all checked against n: a bound of the
   assertion over the elements done, through a pointer (array_facts.py); array-fpi/condn. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int *a = malloc(sizeof(int) * n);
  int i;
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < n; i++) {
    if (a[i] < n) a[i] = a[i];
    else a[i] = n;
  }
  for (i = 0; i < n; i++)
    if (!(a[i] <= n)) reach_error();
  return 0;
}
