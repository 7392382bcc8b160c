/* realloc of a local array: undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int l[2] = {1, 2};
  int *a = malloc(2 * sizeof(int));
  a[0] = 1; a[1] = 2;
  int *p = a;
  if (x > 0) { /*MARK:before-local*/ p = l; }
  int *b = realloc(p, 4 * sizeof(int));
  if (b[1] != 2) reach_error();
  free(b);
  return 0;
}
