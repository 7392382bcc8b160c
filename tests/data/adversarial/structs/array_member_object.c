/* A struct whose address is taken (an object) keeps its member array as an array variable:
   p->n and s.a[0] are different cells, sizeof s.a / sizeof s.a[0] is 3 (false on 5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
int main(void) {
  struct S s;
  struct S *p = &s;
  p->n = __VERIFIER_nondet_int();
  s.a[0] = 2; s.a[1] = 0; s.a[2] = 0;
  if (s.a[0] + p->n + sizeof s.a / sizeof s.a[0] == 10) reach_error();
  return 0;
}
