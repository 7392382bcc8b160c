/* Union members of structs in a heap block, through p[1] and p->. */
extern void *malloc(unsigned long);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; unsigned char c[4]; } v; };
int main(void) {
  struct value *p = malloc(2 * sizeof(struct value));
  p[1].v.i = 0x0102;
  p[0].v.i = 3 + __VERIFIER_nondet_int();
  if (p[1].v.c[1] == 1 && p->v.c[0] == 3) reach_error();
  return 0;
}
