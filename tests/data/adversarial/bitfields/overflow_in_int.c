/* s.i + INT_MAX is computed in int after promotion: for s.i >= 1 a real signed overflow
   (undefined behaviour, unknown), not a wrap-around in 3 bits. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  int r;
  s.i = __VERIFIER_nondet_int();
  if (s.i >= 1) { /*MARK:ub:overflow*/ }
  r = s.i + 2147483647;
  if (r == 0) reach_error();
  return 0;
}
