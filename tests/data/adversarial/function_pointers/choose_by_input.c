/* The pointer is chosen by an input among three functions: the error needs dbl's case (c == 2
   and x == 4), which a model that called the first function of the table would miss. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int dbl(int x) { return 2 * x; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int (*op)(int);
  if (x < 0 || x > 100) return 0;
  if (c == 0) op = inc; else if (c == 1) op = &dec; else op = dbl;
  if (op(x) == 8 && op != inc && op != dec) reach_error();
  return 0;
}
