/* A union passed to a function by value. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int low(union word w) { return w.c[0]; }
int main(void) {
  union word u;
  u.i = 0x105 + __VERIFIER_nondet_int();
  if (low(u) == 5) reach_error();
  return 0;
}
