/* A pointer into a local array of pointers outlives the array (its function returned). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g;
int **q;
void fill(void) { int *a[2] = {&g, &g}; q = &a[1]; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  fill();
  if (n == 1) { /*MARK:before-dangling*/ if (*q != &g) reach_error(); }
  return 0;
}
