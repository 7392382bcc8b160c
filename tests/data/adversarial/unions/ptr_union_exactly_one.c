/* A write through the pointer changes exactly the union it points to. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u, v;
  u.i = 0; v.i = 0;
  union word *p = &v;
  if (__VERIFIER_nondet_int()) p = &u;
  p->c[1] = 1;
  if ((u.i == 256) == (v.i == 256)) reach_error();
  if (u.i + v.i != 256) reach_error();
  return 0;
}
