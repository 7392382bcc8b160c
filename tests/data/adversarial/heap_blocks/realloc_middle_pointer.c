/* realloc of a pointer into the middle of a block: undefined behaviour (C11 7.22.3.5p3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(4 * sizeof(int));
  a[0] = 0; a[1] = 1; a[2] = 2; a[3] = 3;
  int *p = a;
  if (x == 3) { /*MARK:before-middle*/ p = a + 1; }
  int *b = realloc(p, 8 * sizeof(int));
  if (b[0] == 1) reach_error();
  free(b);
  return 0;
}
