/* s.a (31 bits) promotes to int, s.b (32 bits) to unsigned int: s.a - 1 is converted to
   unsigned for the comparison, so -1 becomes UINT_MAX and is never below s.b (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 31; unsigned b : 32; };
int main(void) {
  struct S s;
  s.a = 0;
  s.b = __VERIFIER_nondet_int();
  if (s.a - 1 < s.b) reach_error();
  return 0;
}
