/* The grown part is indeterminate: reading it is an undefined-behaviour target for us. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(2 * sizeof(int));
  a[0] = 1; a[1] = 2;
  a = realloc(a, 3 * sizeof(int));
  if (x) { /*MARK:ub:uninitialised*/ if (a[2] == 12345) reach_error(); }
  free(a);
  return 0;
}
