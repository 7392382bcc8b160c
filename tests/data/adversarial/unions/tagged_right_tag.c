/* A tagged union read through the member its tag names only. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; short s[2]; } v; };
int main(void) {
  struct value x;
  int n = __VERIFIER_nondet_int();
  if (n > 0) { x.tag = 1; x.v.i = n; }
  else { x.tag = 2; x.v.s[0] = 1; x.v.s[1] = 2; }
  if (x.tag == 1 && x.v.i <= 0) reach_error();
  if (x.tag == 2 && x.v.s[0] + x.v.s[1] != 3) reach_error();
  return 0;
}
