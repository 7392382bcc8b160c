/* Increments of a signed 3-bit bit-field from an input: it wraps from 3 to -4 without undefined
   behaviour (false on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  s.i = __VERIFIER_nondet_int();
  s.i++;
  if (s.i == -4) reach_error();
  return 0;
}
