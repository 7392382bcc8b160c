/* The copy reads element k's member struct: only k == 2 has x == 20. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct In { int x; int y; };
struct S { int v; struct In in; };
struct S arr[3] = {{0, {0, 1}}, {1, {10, 11}}, {2, {20, 21}}};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  struct S *p = arr;
  struct In c;
  c = (p + k)->in;
  if (c.x == 20) reach_error();
  return 0;
}
