/* The pointer chooses one of two unions: only that one's bytes change. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u, v;
  u.i = 0; v.i = 0;
  int k = __VERIFIER_nondet_int();
  union word *p = &v;
  if (k) p = &u;
  p->c[2] = 1;
  if (u.i == 0x10000 && v.i == 0 && k == 5) reach_error();
  if (u.i != 0 && v.i != 0) reach_error();
  return 0;
}
