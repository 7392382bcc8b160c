/* A pointer to a union local of a function that has returned. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
union word *keep;
void set(int x) { union word u; u.i = x; keep = &u; }
int main(void) {
  set(__VERIFIER_nondet_int());
  /*MARK:ub:dangling*/
  if (keep->c[0] == 1) reach_error();
  return 0;
}
