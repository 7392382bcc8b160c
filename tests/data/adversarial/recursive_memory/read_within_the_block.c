/* As read_past_the_block, but every read stays inside the block (i < n): safe; the bounds of
   every access hold at every depth (only procedure summaries prove it). */
extern int __VERIFIER_nondet_int(void);
extern void *calloc(unsigned long, unsigned long);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int scan(int *a, int i, int n) {
  if (i >= n) return 0;
  int v = a[i];
  scan(a, i + 1, n);
  return v;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int *a = calloc(n, sizeof(int));
  if (n > 0 && scan(a, 0, n) != 0) reach_error();
  return 0;
}
