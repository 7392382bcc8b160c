/* Each alloca in a loop is a new block, all alive until main returns: a model with one block
   per call site would see *prev overwritten and reach the error.  We keep one block per site,
   so the second run of the site while its block lives is not modelled: unknown. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *prev = 0;
  for (int i = 0; i < 3; i++) {
    int *p = alloca(sizeof(int));
    *p = i;
    if (prev != 0 && *prev != i - 1) reach_error();
    prev = p;
  }
  return 0;
}
