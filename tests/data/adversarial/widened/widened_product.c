/* `(long long) a * (long long) b` with int a, b: the product of two int values lies within
   2^62 of zero and never overflows; INT_MIN * INT_MIN is 2^62 exactly. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  long long p = (long long) a * (long long) b;
  if (p > 4611686018427387904LL) reach_error();
  if (a == -2147483647 - 1 && b == a && p != 4611686018427387904LL) reach_error();
  if (a == 3 && b == -4 && p != -12) reach_error();
  return 0;
}
