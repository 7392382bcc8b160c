/* Writing through an element into a string literal on 1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
char *names[2] = {"ab", "cd"};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n == 1) { /*MARK:ub:literal-write*/ names[1][0] = 'x'; }
  if (names[0][0] != 'a') reach_error();
  return 0;
}
