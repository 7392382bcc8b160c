/* As init_address_write, but the write through the initialised pointer reaches the error. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int b;
int *gp = &b;
int main(void) {
  int x = __VERIFIER_nondet_int();
  *gp = x;
  if (b == 7) reach_error();
  return 0;
}
