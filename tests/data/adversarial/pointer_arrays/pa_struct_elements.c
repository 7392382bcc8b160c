/* Struct pointers in an array: a member is read through each element. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int *p; int n; };
struct S s0, s1;
int g;
int main(void) {
  struct S *a[2];
  int k = __VERIFIER_nondet_int();
  a[0] = &s0;
  a[1] = &s1;
  s0.n = 1;
  s0.p = &g;
  s1.n = k;
  s1.p = k == 1 ? &g : 0;
  for (int i = 0; i < 2; i++) {
    if (a[i]->n == 1 && a[i]->p == 0) reach_error();
  }
  return 0;
}
