/* The address of a member of a local outlives it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int *member_of_local(int v) {
  struct S s = {0};
  s.c = v;
  return &s.c;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *q = member_of_local(x);
  if (x == 2) { /*MARK:before-dangling*/ if (*q != x) reach_error(); }
  return 0;
}
