/* A loop over bit-fields for the witnesses: s.i wraps from 3 to -4 after four increments,
   without undefined behaviour (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned n : 4; int i : 3; };
int main(void) {
  struct S s;
  int k = 0;
  s.n = __VERIFIER_nondet_int();
  s.i = 0;
  while (k < s.n) {
    s.i++;
    k++;
  }
  if (s.i > 3 || s.i < -4) reach_error();
  return 0;
}
