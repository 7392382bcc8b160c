/* Freeing the old pointer after realloc frees it twice. */
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
  int *b = realloc(a, 4 * sizeof(int));
  b[2] = 3; b[3] = 4;
  if (x == 2) { /*MARK:before-double-free*/ free(a); }
  free(b);
  return 0;
}
