/* A pointer walks an array of unions, clearing each through its byte member. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { unsigned int w; unsigned char b[4]; };
int main(void) {
  union word a[3];
  union word *p;
  int k = __VERIFIER_nondet_int();
  a[0].w = 1; a[1].w = 2; a[2].w = 0x300;
  for (p = a; p < a + 3; p++) { p->b[0] = 0; p->b[1] = 0; }
  if (k < 0 || k > 2) return 0;
  if (a[k].w != 0) reach_error();
  return 0;
}
