/* Four recursive increments of a signed 3-bit bit-field give -4, without undefined behaviour
   (false on 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; } g;
void f(int n) {
  if (n <= 0) return;
  g.i++;
  f(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  f(n);
  if (g.i == -4) reach_error();
  return 0;
}
