/* A whole union copied through a pointer (*p = u). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u, v;
  union word *p = &v;
  u.i = 3 + __VERIFIER_nondet_int();
  *p = u;
  if (v.c[0] == 3) reach_error();
  return 0;
}
