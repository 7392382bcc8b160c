/* A union member of a struct written through a struct pointer. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; unsigned char c[4]; } v; };
int main(void) {
  struct value s;
  struct value *p = &s;
  p->tag = 1;
  p->v.i = 0x0102 + __VERIFIER_nondet_int();
  if (s.v.c[1] == 1 && s.v.c[0] == 2 && p->tag == 1) reach_error();
  return 0;
}
