/* An initialiser gives the first member its value. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u = {0x01020304};
  if (u.c[1] == 3 && __VERIFIER_nondet_int()) reach_error();
  return 0;
}
