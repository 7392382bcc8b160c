/* s.items[2].x is past the member array items[2], although s.n lies there: undefined
   behaviour, never a read of s.n (which would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct B { struct A items[2]; int n; };
int main(void) {
  struct B s = { 0 };
  int j = __VERIFIER_nondet_int();
  s.n = 7;
  if (j < 0 || j > 2) return 0;
  if (j == 2) { /*MARK:ub:out-of-bounds*/ }
  if (s.items[j].x == 7) reach_error();
  return 0;
}
