/* b.items[i] = a and a = b.items[1 - i]: whole elements of a member array of structs
   (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct B { struct A items[2]; int n; };
int main(void) {
  struct B b = { 0 };
  struct A a = { 3, 4 };
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  b.items[i] = a;
  a = b.items[1 - i];
  if (a.x == 0 && b.items[1].y == 4 && b.n == 0) reach_error();
  return 0;
}
