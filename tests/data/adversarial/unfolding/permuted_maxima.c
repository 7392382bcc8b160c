/* The maximum of the same six inputs (and 0) taken in two orders, in a long long: equal.
   Over the integers (`signed_view`) this is easy; bit-blasted, comparison chains in two
   orders are slow to show equal. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x[6];
  long long a = 0, b = 0;
  for (int i = 0; i < 6; i++) x[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 6; i++) a = a < x[i] ? x[i] : a;
  for (int i = 5; i >= 0; i--) b = b < x[i] ? x[i] : b;
  if (a != b) reach_error();
  return 0;
}
