extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *malloc(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *a = malloc(sizeof(int));
  *a = x;
  free(a);
  if (x == 7) { /*MARK:ub:double-free*/ free(a); }
  return 0;
}
