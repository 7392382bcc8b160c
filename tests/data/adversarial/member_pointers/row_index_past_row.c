/* q[4] through the decayed member reads past it (arr[0].a[4] is arr[1].id in gcc). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char a[4]; char id; };
struct S arr[2] = {{{0, 0, 0, 0}, 1}, {{0, 0, 0, 0}, 2}};
int main(void) {
  int x = __VERIFIER_nondet_int();
  char *q = arr[0].a;
  if (x) { /*MARK:before-past*/ if (q[4] == 1) reach_error(); }
  return 0;
}
