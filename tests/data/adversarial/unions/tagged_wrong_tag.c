/* A tagged union whose reader checks the wrong tag: it reads the short halves of the int. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; short s[2]; } v; };
int main(void) {
  struct value x;
  if (__VERIFIER_nondet_int()) { x.tag = 1; x.v.i = 0x00050007; }
  else { x.tag = 2; x.v.s[0] = 1; x.v.s[1] = 2; }
  if (x.tag == 1 && x.v.s[1] == 5) reach_error();
  return 0;
}
