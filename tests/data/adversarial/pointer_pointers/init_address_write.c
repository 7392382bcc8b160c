/* A static initialiser holds b's address; main writes through it before it names b. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int b;
int *gp = &b;
int main(void) {
  int x = __VERIFIER_nondet_int();
  *gp = x;
  if (b != x) reach_error();
  return 0;
}
