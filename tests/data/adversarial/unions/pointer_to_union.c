/* A member written through a pointer to the union, read through the variable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u;
  union word *p = &u;
  p->i = 7 + __VERIFIER_nondet_int();
  if (u.c[0] == 7) reach_error();
  return 0;
}
