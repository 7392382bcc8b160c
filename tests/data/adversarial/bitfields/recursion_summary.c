/* A recursive function increments global bit-fields (procedure summaries in checked
   integers: the stores wrap there too): they stay in their ranges (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; unsigned u : 2; } g;
void f(int n) {
  if (n <= 0) return;
  g.i++;
  g.u += 3;
  f(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  f(n);
  if (g.i > 3 || g.i < -4 || g.u > 3) reach_error();
  return 0;
}
