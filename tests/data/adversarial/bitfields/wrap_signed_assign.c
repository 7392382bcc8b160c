/* A signed 3-bit bit-field holds -4..3: storing 4 gives -4 (GCC reduces modulo 2^3; C11
   6.3.1.3p3: implementation-defined, not undefined) (false on 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.i = x;
  if (x == 4 && s.i == -4) reach_error();
  return 0;
}
