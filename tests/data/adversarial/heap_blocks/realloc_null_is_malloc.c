/* realloc(NULL, n) is malloc(n). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = realloc(0, 2 * sizeof(int));
  a[0] = x; a[1] = x;
  if (a[0] != a[1]) reach_error();
  if (x == 4) reach_error();
  free(a);
  return 0;
}
