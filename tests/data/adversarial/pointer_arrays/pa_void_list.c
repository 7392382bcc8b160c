/* A table of void pointers registered and looked up by equality (as ex3_forlist). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void *pp[2];
int state[2];
int x, y;
void reg(void *q) {
  for (int i = 0; i < 2; i++) {
    if (pp[i] == 0) { pp[i] = q; state[i] = 1; break; }
  }
}
void check(void *q) {
  for (int i = 0; i < 2; i++) {
    if (pp[i] == q) { if (state[i] != 1) reach_error(); state[i] = 2; }
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  reg(&x);
  reg(n ? (void *)&y : (void *)&x);
  check(&x);
  check(&y);
  return 0;
}
