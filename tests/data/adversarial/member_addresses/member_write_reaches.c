/* A write through &s.a reaches the error when x == 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  int *q = &s.a;
  *q = x;
  if (s.a == 5) reach_error();
  return 0;
}
