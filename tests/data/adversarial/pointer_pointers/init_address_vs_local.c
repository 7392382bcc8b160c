/* A global's address from a static initialiser never equals a local's. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int b;
int *gp = &b;
int main(void) {
  int c = __VERIFIER_nondet_int();
  int *q = &c;
  if (gp == q) reach_error();
  b = c;
  if (*gp != *q) reach_error();
  return 0;
}
