/* t = s copies the member array: a later write to s.a does not change t.a (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int n; int a[3]; };
int main(void) {
  struct S s = { 1, { 4, 5, 6 } };
  struct S t;
  t = s;
  s.a[1] = __VERIFIER_nondet_int();
  if (t.a[1] != 5 || t.a[2] != 6 || t.n != 1) reach_error();
  return 0;
}
