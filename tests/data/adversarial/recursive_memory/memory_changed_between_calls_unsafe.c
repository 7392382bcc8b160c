/* As memory_changed_between_calls, but the error is reached when the second call sees the new
   value: a summary of the first call's memory alone would call it safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int b[2];
int get(int *a, int n) {
  if (n == 0) return a[1];
  return get(a, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int first = get(b, n);
  b[1] = 5;
  int second = get(b, n);
  if (second == 5) reach_error();
  return first;
}
