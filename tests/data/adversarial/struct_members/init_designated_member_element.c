/* {.a[1] = 3}: a[1] is 3, the rest of a and n are zero (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int n; int a[3]; };
int main(void) {
  struct S s = { .a[1] = 3 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 2) return 0;
  if (s.n != 0 || (j != 1 && s.a[j] != 0)) return 0;
  if (s.a[j] == 3) reach_error();
  return 0;
}
