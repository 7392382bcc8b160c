/* s.b is never written: reading it is an uninitialised read (unknown), though s.a shares
   its storage unit. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; unsigned b : 3; };
int main(void) {
  struct S s;
  s.a = 1;
  /*MARK:ub:uninitialised*/
  if (s.b == 0) reach_error();
  return 0;
}
