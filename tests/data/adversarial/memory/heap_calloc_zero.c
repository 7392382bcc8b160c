/* calloc zeroes; malloc'd arrays written in a loop and summed; the error is reachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *calloc(unsigned long, unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int *a = calloc(n, sizeof(int));
  a[n - 1] += n;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  if (s == 5) reach_error();
  return 0;
}
