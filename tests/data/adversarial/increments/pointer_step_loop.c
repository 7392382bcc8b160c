/* `p++` as a for loop's step walks an array to one past its end (allowed, never read). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  int a[3] = {1, 2, k};
  int s = 0;
  int *p;
  for (p = a; p < a + 3; p++) s += *p;
  if (s != 3 + k) reach_error();
  return 0;
}
