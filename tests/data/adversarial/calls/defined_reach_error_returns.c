/* The error function's body returns (and then loops): the call itself violates the property. */
extern int __VERIFIER_nondet_int(void);
int g = 0;
void reach_error(void) {
  /*MARK:error*/ g = 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  if (g) { LOOP: goto LOOP; }
  return 0;
}
