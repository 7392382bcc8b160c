/* f(arr[i]) and g(b.items[j]) pass elements by value (false on 1, 0). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int *p; };
struct B { struct A items[2]; };
int g1;
int f(struct A v) { return v.p == &g1 ? v.x : -1; }
int main(void) {
  struct A arr[2] = { { 1, 0 }, { 2, &g1 } };
  struct B b = { { { 3, &g1 }, { 4, 0 } } };
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 1) return 0;
  if (f(arr[i]) + f(b.items[j]) == 5) reach_error();
  return 0;
}
