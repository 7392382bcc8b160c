/* Shrinking keeps the first elements: the error is reachable (x == 7). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(3 * sizeof(int));
  a[0] = 1; a[1] = x; a[2] = 3;
  int *b = realloc(a, 2 * sizeof(int));
  if (b[1] == 7) reach_error();
  free(b);
  return 0;
}
