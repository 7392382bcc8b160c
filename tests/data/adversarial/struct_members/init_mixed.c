/* Structs and pointers as whole elements of initialisers, arrays of pointers and of structs
   as members, designators in a global and in a two-dimensional array (true). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int *p; };
struct H { int *ptrs[2]; struct A a[2]; int n; };
int g1, g2;
struct A glob[2] = { { 1, &g1 }, [1].p = &g2 };
int main(void) {
  struct A s = { 3, &g1 }, t = { .p = &g2, .x = 4 };
  struct A arr[3] = { s, t };
  struct H h = { { &g2, &g1 }, { t, [1].x = 9 }, .n = 2 };
  struct H k = { .a[1] = s, .ptrs[1] = &g2 };
  int m[2][2] = { [1] = { 5 }, [0][1] = 6 };
  if (arr[0].x != 3 || arr[1].p != &g2 || arr[2].p != 0 || arr[2].x != 0) reach_error();
  if (h.ptrs[0] != &g2 || h.ptrs[1] != &g1 || h.a[0].x != 4 || h.a[0].p != &g2 || h.a[1].x != 9 || h.a[1].p != 0 || h.n != 2) reach_error();
  if (k.a[1].x != 3 || k.a[1].p != &g1 || k.ptrs[0] != 0 || k.ptrs[1] != &g2 || k.a[0].x != 0) reach_error();
  if (m[0][0] != 0 || m[0][1] != 6 || m[1][0] != 5 || m[1][1] != 0) reach_error();
  if (glob[0].x != 1 || glob[0].p != &g1 || glob[1].x != 0 || glob[1].p != &g2) reach_error();
  return 0;
}
