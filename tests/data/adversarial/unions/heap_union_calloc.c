/* calloc zeroes every byte of every union of the block. */
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word *p = calloc(3, sizeof(union word));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  p[k].c[1] = 1;
  if (p[k].i != 256) reach_error();
  if (p[(k + 1) % 3].i != 0) reach_error();
  free(p);
  return 0;
}
