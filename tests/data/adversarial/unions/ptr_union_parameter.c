/* A union passed by pointer: the callee's write of one byte keeps the others. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int set(union word *p, int x) { p->c[0] = x; return p->i; }
int main(void) {
  union word u;
  u.i = 0x100;
  int r = set(&u, __VERIFIER_nondet_int());
  if (r == 0x107) reach_error();
  return 0;
}
