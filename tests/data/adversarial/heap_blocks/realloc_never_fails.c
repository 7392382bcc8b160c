/* SV-COMP's convention: realloc does not fail (nor does glibc on such sizes). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(sizeof(int));
  a[0] = x;
  int *b = realloc(a, 2 * sizeof(int));
  if (b == 0) { reach_error(); return 0; }
  b[1] = 1;
  if (b[0] != x) reach_error();
  free(b);
  return 0;
}
