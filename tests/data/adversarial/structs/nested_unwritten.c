/* s.in.y is never written: reading it is an uninitialised read (unknown). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  struct outer s;
  s.in.x = 1;
  s.n = 2;
  /*MARK:ub:uninitialised*/
  if (s.in.y == 3) reach_error();
  return 0;
}
