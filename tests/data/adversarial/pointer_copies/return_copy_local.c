/* `return *p;` with p pointing to the callee's own local, every member written: the result is
   a copy made before the local's lifetime ends; t.b is x + 1, the error on 3 (t.b == 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b; };
struct S make(int x) {
  struct S s;
  struct S *p = &s;
  s.a = x;
  p->b = x + 1;
  return *p;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  struct S t = make(x);
  if (t.a != x) reach_error();
  if (t.b == 4) reach_error();
  return 0;
}
