/* A struct copy carries its callback member; changing the original afterwards does not
   change the copy (false on 4: the copy still calls twice). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct op { int (*apply)(int); int bias; };
int twice(int x) { return 2 * x; }
int negate(int x) { return -x; }
int main(void) {
  struct op a, b;
  int v = __VERIFIER_nondet_int();
  a.apply = twice;
  a.bias = 0;
  b = a;
  a.apply = negate;
  if (b.apply(v) == 8 && a.apply(v) == -4) reach_error();
  return 0;
}
