/* s.a[1] is never written: reading it is an uninitialised read (unknown). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[2]; int n; };
int main(void) {
  struct S s;
  s.a[0] = 1;
  s.n = 2;
  /*MARK:ub:uninitialised*/
  if (s.a[1] == 2) reach_error();
  return 0;
}
