/* GCC's alloca never returns NULL (stack overflow is not modelled). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = alloca(sizeof(int));
  if (p == 0) reach_error();
  *p = x;
  if (*p != x) reach_error();
  return 0;
}
