/* p->i++ on a signed 3-bit bit-field through a pointer: wraps from 3 to -4, no undefined
   behaviour (false on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; int j : 3; };
int main(void) {
  struct S s;
  struct S *p = &s;
  s.j = 0;
  s.i = __VERIFIER_nondet_int();
  p->i++;
  if (s.i == -4 && p->j == 0) reach_error();
  return 0;
}
