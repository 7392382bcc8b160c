/* Only the short halves' first element is written: the int reads two unwritten bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union half { int i; short s[2]; };
int main(void) {
  union half u;
  int n = __VERIFIER_nondet_int();
  u.s[0] = 1;
  if (n) u.s[1] = 2;
  if (n) { if (u.i == 0x00020001) reach_error(); }
  else { /*MARK:ub:uninitialised*/ if (u.i == 1) reach_error(); }
  return 0;
}
