/* Two steps joined by a comma in a for loop (`i++, j--`): both happen every iteration. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int start = k > 0 ? 12 : 10;
  int i, j;
  for (i = 0, j = start; i < j; i++, j--) {
  }
  if (i != start / 2 || j != start / 2) reach_error();
  return 0;
}
