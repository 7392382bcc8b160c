/* Initialisers are converted like assignments: {9, -5} stores 1 and 3 (false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; int b : 3; };
int main(void) {
  struct S s = { 9, -5 };
  int x = __VERIFIER_nondet_int();
  if (x == 0 && s.a == 1 && s.b == 3) reach_error();
  return 0;
}
