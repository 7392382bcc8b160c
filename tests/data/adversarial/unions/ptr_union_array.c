/* A pointer into an array of unions: p[1] and (p + 1)-> are the next element's bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { unsigned int w; unsigned char b[4]; };
int main(void) {
  union word a[3];
  union word *p = &a[0];
  a[0].w = 0; a[1].w = 0; a[2].w = 0;
  p[1].w = 0x0a0b0c0d;
  (p + 2)->b[3] = 0x11;
  if (a[1].b[0] == 0x0d && a[2].w == 0x11000000u && __VERIFIER_nondet_int()) reach_error();
  return 0;
}
