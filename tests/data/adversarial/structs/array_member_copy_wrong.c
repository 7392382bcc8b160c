/* t = s copies the member array, so t.a[2] is what s.a[2] held (false on 8). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
int main(void) {
  struct S s = { { 0, 0, __VERIFIER_nondet_int() }, 2 };
  struct S t = { { 1 }, 0 };
  t = s;
  if (t.a[2] == 8 && t.a[0] == 0 && t.n == 2) reach_error();
  return 0;
}
