/* p->a[j] through a pointer to a struct: j == 3 is past the member array although p->n is
   there: undefined behaviour, not a read of p->n. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
int main(void) {
  struct S s = { { 1, 2, 3 }, 9 };
  struct S *p = &s;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  if (j == 3) { /*MARK:ub:out-of-bounds*/ }
  if (p->a[j] == 9) reach_error();
  return 0;
}
