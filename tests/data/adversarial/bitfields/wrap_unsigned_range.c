/* Whatever is assigned, a 3-bit unsigned bit-field holds 0..7 (true; a model that kept the
   int would reach the error on 8). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int g; unsigned f : 3; };
int main(void) {
  struct S s;
  s.f = __VERIFIER_nondet_int();
  if (s.f > 7) reach_error();
  return 0;
}
