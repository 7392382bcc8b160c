/* An initialiser list skips unnamed bit-fields (C11 6.7.9p9): {1, 2} sets a and b (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a : 3; int : 5; int b : 3; int c; };
int main(void) {
  struct S s = { 1, 2 };
  if (s.a != 1 || s.b != 2 || s.c != 0) reach_error();
  return 0;
}
