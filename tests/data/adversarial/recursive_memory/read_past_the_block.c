/* A recursive function reads a calloc'd block of n ints at index n (one past its end) at the
   bottom of the recursion: undefined behaviour (UBSan does not see it; the mark does), so never
   true, whatever depth the summaries cover. */
extern int __VERIFIER_nondet_int(void);
extern void *calloc(unsigned long, unsigned long);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int scan(int *a, int i, int n) {
  if (i > n) return 0;
  if (i == n) { /*MARK:ub:read-past-the-end*/ }
  int v = a[i];
  return v + scan(a, i + 1, n);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int *a = calloc(n, sizeof(int));
  if (scan(a, 0, n) != 0) reach_error();
  return 0;
}
