/* Recursion through a pointer: fact(n) for n <= 4, wrong only for n == 4 (24 != 25). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int fact(int n) {
  int (*self)(int) = fact;
  return n <= 1 ? 1 : n * self(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  if (fact(n) == 24) reach_error();
  return 0;
}
