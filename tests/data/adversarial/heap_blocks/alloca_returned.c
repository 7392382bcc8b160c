/* An alloca block dies when its function returns: using it in the caller is undefined. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int *make(int v) {
  int *p = alloca(2 * sizeof(int));
  p[0] = v; p[1] = v;
  return p;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *q = make(x);
  if (x == 1) { /*MARK:before-dead*/ if (q[0] != x) reach_error(); }
  return 0;
}
