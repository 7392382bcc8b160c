/* Copying an unwritten element is legal C (realloc copies bytes); the model carries nothing
   unwritten through a copy: an execution that is not modelled (unknown), never a guess. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 1;
  a = realloc(a, 4 * sizeof(int));
  a[1] = 2; a[2] = 3; a[3] = 4;
  if (a[0] + a[1] + a[2] + a[3] != 10) reach_error();
  free(a);
  return 0;
}
