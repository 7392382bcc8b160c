/* Structs returned by value: each call's result is a copy, s = mk(s.y) reads s.y before s
   is written, get(i) returns an element (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; int a[2]; };
struct A table[2] = { { 1, 2, { 3, 4 } }, { 5, 6, { 7, 8 } } };
struct A mk(int v) { struct A r; r.x = v; r.y = v + 1; r.a[0] = 0; r.a[1] = v; return r; }
struct A get(int i) { return table[i]; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  struct A s = mk(3);
  struct A t = mk(5);
  s = mk(s.y);
  if (s.x != 4 || s.a[1] != 4 || t.y != 6) return 0;
  t = get(i);
  if (t.a[1] == 8) reach_error();
  return 0;
}
