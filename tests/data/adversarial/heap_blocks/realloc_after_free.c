/* realloc of a freed block: undefined behaviour. */
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
  if (x == 1) { free(a); /*MARK:before-freed*/ }
  int *b = realloc(a, 4 * sizeof(int));
  if (b[0] != 1) reach_error();
  free(b);
  return 0;
}
