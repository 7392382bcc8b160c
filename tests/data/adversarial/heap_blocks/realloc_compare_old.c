/* Comparing with the old pointer uses an indeterminate pointer value (C11 6.2.4p2); glibc
   shrinks in place, so b == a and the error is reached after the undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a = malloc(4 * sizeof(int));
  a[0] = 1; a[1] = 2; a[2] = 3; a[3] = 4;
  int *b = realloc(a, 2 * sizeof(int));
  /*MARK:before-compare*/
  if (b == a) reach_error();
  free(b);
  return 0;
}
