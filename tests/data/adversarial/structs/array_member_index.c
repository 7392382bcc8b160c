/* s.a[i] with i in bounds is the element written (false on 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int n; int a[3]; char c; };
int main(void) {
  struct S s;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  s.a[0] = 10; s.a[1] = 11; s.a[2] = 12;
  s.n = 1; s.c = 'x';
  s.a[i] = s.a[i] + s.n;
  if (s.a[2] == 13 && s.c == 'x') reach_error();
  return 0;
}
