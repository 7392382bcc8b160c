/* Pointers to later members compare greater (C11 6.5.8p5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  struct S s = {0};
  int *p = &s.a;
  int *q = &s.c;
  if (p < q) reach_error();
  return 0;
}
