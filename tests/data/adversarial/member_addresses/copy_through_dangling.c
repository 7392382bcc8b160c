/* Copying from a struct whose lifetime ended: undefined. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
struct S *dead(int v) {
  struct S s = {v, {v, v, v}, v};
  return &s;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = dead(x);
  struct S t = {0};
  if (x == 4) { /*MARK:before-dangling*/ t = *p; if (t.c != x) reach_error(); }
  return 0;
}
