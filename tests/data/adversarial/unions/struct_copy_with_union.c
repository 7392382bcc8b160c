/* A struct copy carries its union member's bytes; the copy is not the original. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct value { int tag; union { int i; unsigned char c[4]; } v; };
int main(void) {
  struct value a, b;
  int n = __VERIFIER_nondet_int();
  a.tag = 1;
  a.v.i = n;
  b = a;
  a.v.c[0] = a.v.c[0] ^ 1;
  if (b.v.i != n || b.tag != 1 || a.v.i == n) reach_error();
  return 0;
}
