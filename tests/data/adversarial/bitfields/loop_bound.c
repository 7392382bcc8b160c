/* A loop bounded by a 4-bit bit-field runs at most 15 times whatever was stored (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned n : 4; };
int main(void) {
  struct S s;
  int i, count = 0;
  s.n = __VERIFIER_nondet_int();
  for (i = 0; i < s.n; i++) count++;
  if (count > 15) reach_error();
  return 0;
}
