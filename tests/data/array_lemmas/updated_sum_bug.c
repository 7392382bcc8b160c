extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
extern int __VERIFIER_nondet_int(void);
void *malloc(unsigned long size);

/* A sum kept in a one-element array (sum[0] == i, then == N) and an in-place update by it
   (a[j] == sum[0] + 1 below i, == 1 above): BUG: the last element is never updated. */
int main() {
  int N = __VERIFIER_nondet_int();
  if (N <= 0 || N > 100000) return 0;
  int i;
  long long sum[1];
  long long *a = malloc(sizeof(long long) * N);
  sum[0] = 0;
  for (i = 0; i < N; i++) a[i] = 1;
  for (i = 0; i < N; i++) sum[0] = sum[0] + a[i];
  for (i = 0; i < N - 1; i++) a[i] = a[i] + sum[0];
  for (i = 0; i < N; i++) {
    long long q = 100 / (sum[0] + 1 - N);
    __VERIFIER_assert(a[i] == N + 1 && q == 100);
  }
  return 0;
}
