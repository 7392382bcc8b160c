/* A member of a nested struct. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
struct O { int k; struct S in; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct O o = {0};
  int *q = &o.in.c;
  *q = x;
  struct S *pin = &o.in;
  if (pin->c != x) reach_error();
  if (o.in.c == 9) reach_error();
  return 0;
}
