/* A signed 1-bit bit-field holds 0 and -1: it never reads back as 1 (true; an unsigned
   reading reaches the error on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int f : 1; unsigned g : 1; };
int main(void) {
  struct S s;
  s.f = __VERIFIER_nondet_int();
  s.g = 1;
  if (s.f == 1 || s.g != 1) reach_error();
  return 0;
}
