/* Member addresses passed to a function. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
void set(int *p, int v) { *p = v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  struct S s = {0};
  set(&s.b[1], x);
  set(&s.c, x + 1);
  if (s.b[1] != x || s.c != x + 1 || s.b[0] != 0) reach_error();
  return 0;
}
