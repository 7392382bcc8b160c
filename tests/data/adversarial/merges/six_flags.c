/* Six independent branches before the joins (the locks pattern: many flags), with the last
   lock taken only where its flag is set: safe, and the check fails if the join's values lose
   which arm ran. */
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
  if (p1 && l1 != 1) reach_error();
  if (!p6 && l6 != 0) reach_error();
  if (p3 && !p4 && l3 + l4 != 1) reach_error();
  if (l1 + l2 + l3 + l4 + l5 + l6 == 6 && !(p1 && p2 && p3 && p4 && p5 && p6)) reach_error();
  return 0;
}
