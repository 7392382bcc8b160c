/* Writes through &s.c and &s.b[1] are writes of s.c and s.b[1]. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  int *q = &s.c;
  *q = x;
  int *r = &s.b[1];
  r[1] = 7;
  if (s.c != x || s.b[2] != 7 || s.b[1] != 0 || s.a != 0) reach_error();
  s.c = 5;
  if (*q != 5) reach_error();
  return 0;
}
