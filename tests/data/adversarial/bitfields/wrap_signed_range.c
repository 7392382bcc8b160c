/* Every value stored in a signed 3-bit bit-field reads back within -4..3, and no store is
   undefined behaviour (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  s.i = __VERIFIER_nondet_int();
  if (s.i > 3 || s.i < -4) reach_error();
  return 0;
}
