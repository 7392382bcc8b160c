/* A malloc'd block whose element 0 is never written, read at the bottom of the recursion:
   undefined behaviour (an indeterminate value), so never true. */
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int get(int *a, int n) {
  if (n == 0) { /*MARK:ub:uninitialised-read*/ return a[0]; }
  return get(a, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int *a = malloc(2 * sizeof(int));
  a[1] = 0;
  if (get(a, n) == 12345) reach_error();
  return 0;
}
