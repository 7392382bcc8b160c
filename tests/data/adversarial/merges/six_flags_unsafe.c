/* As six_flags, but the error needs all six locks taken and p1 == 3: one execution among the
   2^6 combinations of arms. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int p1 = __VERIFIER_nondet_int(), p2 = __VERIFIER_nondet_int(), p3 = __VERIFIER_nondet_int();
  int p4 = __VERIFIER_nondet_int(), p5 = __VERIFIER_nondet_int(), p6 = __VERIFIER_nondet_int();
  int l1 = 0, l2 = 0, l3 = 0, l4 = 0, l5 = 0, l6 = 0;
  if (p1) l1 = 1;
  if (p2) l2 = 1;
  if (p3) l3 = 1;
  if (p4) l4 = 1;
  if (p5) l5 = 1;
  if (p6) l6 = 1;
  if (l1 + l2 + l3 + l4 + l5 + l6 == 6 && p1 == 3) reach_error();
  return 0;
}
