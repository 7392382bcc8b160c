/* A pointer without a prototype: int arguments are passed as int (defined); the error on 4. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int twice(int x) { return 2 * x; }
int main(void) {
  int (*p)() = twice;
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100) return 0;
  if (p(v) == 8) reach_error();
  return 0;
}
