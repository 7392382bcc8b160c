/* GCC gives (0, s.u) the bit-field's own 3-bit type, whose sizeof is 1: not modelled
   (unknown naming it). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 3; int v; };
int main(void) {
  struct S s;
  s.u = 1;
  if (sizeof((0, s.u)) == 1) reach_error();
  return 0;
}
