/* &s.p: a pointer to a pointer member; writing through it retargets s.p. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int k; int *p; };
int main(void) {
  int v = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  struct S s = {1, &x};
  int **pp = &s.p;
  *pp = &y;
  *s.p = v;
  if (x != 0) reach_error();
  if (y == 6) reach_error();
  return 0;
}
