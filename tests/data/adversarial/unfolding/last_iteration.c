/* The error needs the fifth draw to be 7, in the last iteration of a constant loop. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  for (int i = 0; i < 5; i++) {
    int v = __VERIFIER_nondet_int();
    if (i == 4 && v == 7) reach_error();
  }
  return 0;
}
