/* alloca's block is indeterminate until written. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = alloca(2 * sizeof(int));
  p[0] = x;
  if (x == 3) { /*MARK:ub:uninitialised*/ if (p[1] == 42) reach_error(); }
  return 0;
}
