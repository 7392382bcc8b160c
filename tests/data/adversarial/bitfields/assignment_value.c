/* The value of s.f = 9 is the value stored, 1 (C11 6.5.16p3) (false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned f : 3; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  int y;
  if (x != 9) return 0;
  y = (s.f = x);
  if (y == 1) reach_error();
  return 0;
}
