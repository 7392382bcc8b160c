/* s == (a+1)^2 with a <= n: the factor bound a <= n (n an input the loop does not change)
   excludes the overflow of (a + 1) * (a + 1); the program is correct. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  long long a = 0, s = 1, t = 1;
  while (s <= n) {
    a = a + 1;
    t = t + 2;
    s = s + t;
  }
  if (s != (a + 1) * (a + 1)) reach_error();
  return 0;
}
