/* &s.a + 2 leaves the object s.a (a scalar is an array of one: one past is the limit) though
   it still lies inside s: undefined; gcc reads s.b[1] and reaches the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  int *p = &s.a;
  if (x) { /*MARK:before-beyond*/ p = p + 2; if (*p == 0) reach_error(); }
  return 0;
}
