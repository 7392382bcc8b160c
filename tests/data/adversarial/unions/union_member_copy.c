/* s.v = t.v copies the union member's bytes between structs. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; unsigned char c[4]; } v; };
int main(void) {
  struct value s, t;
  t.tag = 2;
  t.v.i = 0x01020304;
  s.tag = 1;
  s.v = t.v;
  if (s.v.c[3] == 1 && s.tag == 1 && __VERIFIER_nondet_int()) reach_error();
  return 0;
}
