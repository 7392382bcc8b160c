/* A buffer grown one element at a time: every realloc copies the prefix written so far.  A
   model that loses the copied prefix (a fresh block) or keeps one block per site (the same
   site runs again while its previous block is alive) decides it wrongly. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int *a = malloc(sizeof(int));
  a[0] = x;
  for (int i = 1; i < 4; i++) {
    a = realloc(a, (i + 1) * sizeof(int));
    a[i] = x + i;
  }
  if (a[0] != x || a[1] != x + 1 || a[3] != x + 3) reach_error();
  free(a);
  return 0;
}
