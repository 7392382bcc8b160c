/* &p->c with p NULL: undefined (p points to no object). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  struct S *p = &s;
  if (x == 1) { /*MARK:before-null*/ p = 0; }
  int *q = &p->c;
  if (q == 0) reach_error();
  return 0;
}
