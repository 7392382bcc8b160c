/* A global struct initialised with callbacks, and a static local pointer kept across calls
   (false: the third call goes through twice, 3 * 2 == 6). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int same(int x) { return x; }
int twice(int x) { return 2 * x; }
struct ops { int (*first)(int); int (*second)(int); } table = { same, twice };
int step(int x) {
  static int (*next)(int);
  if (next == 0) next = table.first; else next = table.second;
  return next(x);
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v != 3) return 0;
  step(v);
  if (step(v) == 6) reach_error();
  return 0;
}
