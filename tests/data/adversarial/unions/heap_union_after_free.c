/* A union read through a pointer after its block was freed. */
extern void *malloc(unsigned long);
extern void free(void *);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word *p = malloc(sizeof(union word));
  p->i = 1 + __VERIFIER_nondet_int();
  free(p);
  /*MARK:ub:use-after-free*/
  if (p->c[0] == 1) reach_error();
  return 0;
}
