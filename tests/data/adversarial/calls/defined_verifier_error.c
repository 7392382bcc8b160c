/* The program's __VERIFIER_error (not the property's error function) returns: execution goes on. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
void __VERIFIER_error(void) {
  g = 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) __VERIFIER_error();
  if (g) reach_error();
  return 0;
}
