/* main falling off its end returns 0 (C99 5.1.2.2.3): fine. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) reach_error();
/*MARK:main-ends*/}
