/* The copy through a pointer carries x to s.b[0]: the error is reachable (x == 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  struct S t = {0};
  struct S *p = &s;
  t.b[0] = x;
  *p = t;
  if (s.b[0] == 3) reach_error();
  return 0;
}
