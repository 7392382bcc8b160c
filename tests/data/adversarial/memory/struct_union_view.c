/* A union reads the bytes of another member: x86 is little-endian, bytes[0] is the low byte
   (tests/test_adversarial_unions.py has more). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union view { int i; unsigned char bytes[4]; };
int main(void) {
  union view v;
  v.i = 0x04030201;
  if (v.bytes[0] == 1) reach_error();
  return 0;
}
