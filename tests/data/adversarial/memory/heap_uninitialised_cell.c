/* Only a[0] is written; a[1] is read: an indeterminate value (DESIGN.md: a UB target). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 1;
  /*MARK:ub:uninitialised*/
  if (a[1] == 12345) reach_error();
  return 0;
}
