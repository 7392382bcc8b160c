/* = {0} zeroes every bit-field, static ones are zero too (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; int b : 5; int : 4; unsigned c : 1; };
struct S g;
int main(void) {
  struct S s = { 0 };
  if (s.a || s.b || s.c || g.a || g.b || g.c) reach_error();
  return 0;
}
