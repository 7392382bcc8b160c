/* Writing a[n] of `int a[n]` is out of bounds (the bounds sanitizer checks VLAs too). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  int a[n];
  for (int i = 0; i <= n; i++) a[i] = i;
  /*MARK:filled*/
  return 0;
}
