/* As alloca_per_call, with an error that the sum reaches. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void *alloca(unsigned long);
extern void free(void *);
void reach_error(void) { /*MARK:error*/ abort(); }
int pair_sum(int v) {
  int *p = alloca(2 * sizeof(int));
  p[0] = v; p[1] = v + 1;
  return p[0] + p[1];
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < 3; i++) s += pair_sum(i);
  if (s == x) reach_error();
  return 0;
}
