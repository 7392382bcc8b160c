/* The block is freed, then read: undefined behaviour.  glibc keeps the value (or writes its
   free-list pointer there) - no ground truth for what is read. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(2 * sizeof(int));
  a[0] = 5;
  a[1] = 6;
  if (x > 3) { free(a); /*MARK:ub:freed*/ }
  if (a[0] + a[1] != 11) reach_error();
  return 0;
}
