/* A sum of unsigned shorts wraps around after 65538 additions of 65535 (4294967295 +
   65535 is 65534 modulo 2^32): then s < x.  s <= 65535 * i still holds (over the
   mathematical values), but does not exclude the wrap-around. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  unsigned short x = (unsigned short)__VERIFIER_nondet_int();
  unsigned int n = (unsigned int)__VERIFIER_nondet_int();
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++) {
    s += x;
  }
  if (n > 0 && s < x) reach_error();
  return 0;
}
