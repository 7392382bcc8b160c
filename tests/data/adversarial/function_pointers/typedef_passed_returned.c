/* A typedef'd pointer type in a global, passed as an argument and returned (false on 2, 5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
typedef int (*binop)(int, int);
int add(int a, int b) { return a + b; }
int mul(int a, int b) { return a * b; }
binop current = add;
binop other(binop f) { return f == add ? mul : add; }
int apply(binop f, int a, int b) { return (*f)(a, b); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 10 || b < 0 || b > 10) return 0;
  current = other(current);
  if (apply(current, a, b) == 10 && a + b != 10) reach_error();
  return 0;
}
