/* x86 is little-endian: the low byte of the int is c[0] (separate member cells would read
   c[0] never written). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u;
  u.i = 0x01020304 + __VERIFIER_nondet_int();
  if (u.c[0] == 4 && u.c[3] == 1) reach_error();
  return 0;
}
