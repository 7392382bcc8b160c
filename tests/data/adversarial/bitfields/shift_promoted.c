/* s.u << 29 shifts an int (the promoted unsigned 3-bit bit-field): for s.u >= 4 the result
   is not representable (undefined behaviour, unknown): the error is reached only through it
   (s.u == 4), where a shift of an unsigned int would be defined and reach it (false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 3; };
int main(void) {
  struct S s;
  unsigned r;
  s.u = __VERIFIER_nondet_int();
  if (s.u >= 4) { /*MARK:ub:shift*/ }
  r = s.u << 29;
  if (r == 0x80000000u) reach_error();
  return 0;
}
