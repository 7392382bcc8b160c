/* The subscript reads byte 0, which the write changes: the offset is the one before the
   first byte is stored (bytes 0 and 1 are written, not 0 and 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union sc { unsigned short s[2]; unsigned char c[4]; };
int main(void) {
  union sc u;
  u.c[0] = 0; u.c[1] = 0; u.c[2] = 0; u.c[3] = 0;
  u.s[u.c[0]] = 0x0101;
  if (u.s[0] == 0x0101 && u.c[3] == 0 && __VERIFIER_nondet_int()) reach_error();
  return 0;
}
