/* &ps->c and &(*ps).b[2] through a pointer to s. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  struct S *ps = &s;
  int *q = &ps->c;
  int *r = &(*ps).b[2];
  *q = 3;
  *r = x;
  if (s.c != 3) reach_error();
  if (s.b[2] == 8) reach_error();
  return 0;
}
