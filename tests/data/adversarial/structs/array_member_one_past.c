/* s.a[4] is one past the member array, although s.n is there in memory: undefined behaviour
   (C11 6.5.6p8), not a read of s.n (a model that read s.n would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[4]; int n; };
int main(void) {
  struct S s;
  int i;
  for (i = 0; i < 4; i++) s.a[i] = 0;
  s.n = 7;
  i = __VERIFIER_nondet_int();
  if (i < 0 || i > 4) return 0;
  if (i == 4) { /*MARK:ub:out-of-bounds*/ }
  if (s.a[i] == 7) reach_error();
  return 0;
}
