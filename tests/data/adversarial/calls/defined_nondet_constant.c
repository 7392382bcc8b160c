/* The program's __VERIFIER_nondet_int always returns 5: safe. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int __VERIFIER_nondet_int(void) {
  return 5;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x != 5) reach_error();
  return 0;
}
