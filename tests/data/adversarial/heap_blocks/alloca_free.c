/* free of an alloca block: undefined behaviour (not a heap block). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = alloca(2 * sizeof(int));
  p[0] = 1;
  if (x == 5) { /*MARK:before-free*/ free(p); }
  return 0;
}
