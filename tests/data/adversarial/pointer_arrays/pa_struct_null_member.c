/* a[i]->p is NULL unless n is 1; it is dereferenced on 0. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int *p; int n; };
struct S s0;
int g;
int main(void) {
  struct S *a[1] = {&s0};
  int n = __VERIFIER_nondet_int();
  a[0]->n = n;
  a[0]->p = n == 1 ? &g : 0;
  if (n == 0) { /*MARK:before-null*/ }
  if (n <= 1 && *a[0]->p == 5) reach_error();
  return 0;
}
