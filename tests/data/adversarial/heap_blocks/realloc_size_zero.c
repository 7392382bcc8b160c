/* realloc(p, 0): implementation-defined in C11/C17 (glibc frees p and returns NULL), undefined
   in C23: a target, never a proof or a refutation through it. */
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
  if (x == 9) {
    /*MARK:ub:size-zero*/
    int *b = realloc(a, 0);
    if (b == 0) reach_error();
    return 0;
  }
  free(a);
  return 0;
}
