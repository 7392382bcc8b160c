/* A member array whose address is taken is an object: used as a value it is a pointer to its
   first element, and one past it is its end (6.5.6p8). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int sum(int *v, int n) { int r = 0; for (int i = 0; i < n; i++) r += v[i]; return r; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  struct S s = {1, {x, 2, 3}, 4};
  int *mid = &s.b[1];
  if (sum(s.b, 3) != x + 5) reach_error();
  if (mid - s.b != 1) reach_error();
  if (sum(s.b, 3) == 9) reach_error();
  return 0;
}
