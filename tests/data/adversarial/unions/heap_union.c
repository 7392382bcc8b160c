/* A heap block of unions. */
extern void *malloc(unsigned long);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word *p = malloc(sizeof(union word));
  p->i = 5 + __VERIFIER_nondet_int();
  if (p->c[0] == 5) reach_error();
  return 0;
}
