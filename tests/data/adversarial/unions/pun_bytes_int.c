/* Four bytes written one by one, read back as an int (most significant byte last). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 255) return 0;
  u.c[0] = k; u.c[1] = 0; u.c[2] = 0; u.c[3] = 0x80;
  if (u.i == (int)(0x80000000u | (unsigned)k) && u.i < 0 && k == 9) reach_error();
  return 0;
}
