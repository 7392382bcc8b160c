/* a - b with a >= -1 and b >= 0 never overflows: the smallest value is -1 - 2147483647,
   INT_MIN itself. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a >= -1 && b >= 0) {
    int c = a - b;
    if (c > a) reach_error();
  }
  return 0;
}
