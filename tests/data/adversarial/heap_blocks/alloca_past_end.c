/* The block has n / sizeof(int) elements: one past it is undefined. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = alloca(2 * sizeof(int));
  p[0] = 1; p[1] = 2;
  if (x >= 0 && x < 3) {
    if (x == 2) { /*MARK:before-past-end*/ }
    if (p[x] == 7) reach_error();
  }
  return 0;
}
