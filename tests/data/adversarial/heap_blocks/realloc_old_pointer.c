/* After realloc the old pointer is dangling, even where glibc gives the same address. */
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
  if (x) { /*MARK:before-old*/ *a = 5; }
  if (b[0] == 5) reach_error();
  free(b);
  return 0;
}
