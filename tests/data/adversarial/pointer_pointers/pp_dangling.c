/* The address of a local pointer outlives it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g;
int **leak(void) { int *p = &g; int **pp = &p; return pp; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int **pp = leak();
  if (x == 1) { /*MARK:before-dangling*/ if (*pp != &g) reach_error(); }
  return 0;
}
