/* s.u += 40 on a 5-bit unsigned bit-field: computed in int, stored modulo 32 (false on 0). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 5; };
int main(void) {
  struct S s;
  s.u = __VERIFIER_nondet_int();
  s.u += 40;
  if (s.u == 8) reach_error();
  return 0;
}
