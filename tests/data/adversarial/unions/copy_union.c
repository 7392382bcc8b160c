/* u2 = u1 copies the bytes; a later write to u1 leaves u2 as it was. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u1, u2;
  u1.i = __VERIFIER_nondet_int();
  u2 = u1;
  u1.c[0] = u1.c[0] + 1;
  if (u2.c[0] == u1.c[0]) reach_error();
  return 0;
}
