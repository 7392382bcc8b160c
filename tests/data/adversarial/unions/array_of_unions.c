/* Unions in an array: element k's bytes are its own. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { unsigned int w; unsigned char b[4]; };
int main(void) {
  union word a[3];
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  a[0].w = 0x0a0b0c0d; a[1].w = 0x01020304; a[2].w = 0;
  if (a[k].b[3] == 1) reach_error();
  return 0;
}
