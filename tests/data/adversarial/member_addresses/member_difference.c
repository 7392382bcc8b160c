/* Subtracting pointers to two members: undefined (C11 6.5.6p9: not one array); gcc gives 4. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  int *p = &s.a;
  int *q = &s.c;
  if (x) { /*MARK:before-diff*/ long d = q - p; if (d == 4) reach_error(); }
  return 0;
}
