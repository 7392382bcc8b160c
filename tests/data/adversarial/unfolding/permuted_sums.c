/* Sums of the same five inputs in two orders, in a long long (no overflow: five ints fit),
   divided by 5: equal.  The unfolding puts both sums in one order. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x[5];
  long long a = 0, b = 0;
  for (int i = 0; i < 5; i++) x[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++) a += x[i];
  for (int i = 4; i >= 0; i--) b += x[i];
  if (a / 5 != b / 5) reach_error();
  return 0;
}
