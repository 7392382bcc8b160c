/* Recursion through a callback parameter: sum(f, n) adds f(i) for i <= n, n up to 5; with
   f = one the result is n + 1 (true, which needs every depth up to 6). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int one(int i) { return 1; }
int sum(int (*f)(int), int n) {
  int (*again)(int (*)(int), int) = sum;
  if (n < 0) return 0;
  return f(n) + again(f, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  if (sum(one, n) != n + 1) reach_error();
  return 0;
}
