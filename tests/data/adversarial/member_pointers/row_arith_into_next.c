/* Arithmetic from p->a beyond one past its end is undefined although it stays inside the
   array of structs (gcc reads arr[1].a[1]). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char a[4]; };
struct S arr[2] = {{{1, 2, 3, 4}}, {{5, 6, 7, 8}}};
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = arr;
  char *q = p->a;
  if (x) { /*MARK:before-beyond*/ q = q + 5; if (*q == 6) reach_error(); }
  return 0;
}
