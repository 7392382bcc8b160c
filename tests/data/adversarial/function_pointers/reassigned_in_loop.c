/* The pointer alternates between two functions in a loop: after an even number of rounds the
   sum is exact (true); a model that kept the first target would count 2 per round. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int one(void) { return 1; }
int three(void) { return 3; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i, s = 0;
  int (*f)(void) = one;
  if (n < 0 || n > 5) return 0;
  for (i = 0; i < 2 * n; i++) {
    s += f();
    f = f == one ? three : one;
  }
  if (s != 4 * n) reach_error();
  return 0;
}
