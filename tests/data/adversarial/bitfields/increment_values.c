/* The values of s.i++ and ++s.i on a signed 3-bit bit-field: 3, then -3 (false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  int y, z;
  s.i = __VERIFIER_nondet_int();
  y = s.i++;
  z = ++s.i;
  if (y == 3 && z == -3) reach_error();
  return 0;
}
