/* Each call of g has a local of its own; a pointer kept from the first call must not alias the
   local of the second (a model with one object per variable would see q's write in p). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int *kept;
void g(int v, int first) {
  int local = v;
  if (first) kept = &local;
  else { /*MARK:ub:dangling*/ if (*kept == v) reach_error(); }
}
int main(void) {
  g(1, 1);
  /*MARK:between*/
  g(2, 0);
  return 0;
}
