/* Through the pointer only c[0] was written: the int reads three unwritten bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u;
  union word *p = &u;
  p->c[0] = 1;
  /*MARK:ub:uninitialised*/
  if (p->i == 1) reach_error();
  return 0;
}
