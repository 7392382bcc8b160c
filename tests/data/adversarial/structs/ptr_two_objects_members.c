/* A pointer to one of two struct objects ({0} zeroes every member, member arrays too): p->a[j + 1],
   p->in.v[j] and (*p).in.w write the object chosen, never the other (false on 5, 0). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int v[2]; int w; };
struct S { int a[3]; struct inner in; };
int main(void) {
  struct S s1 = { 0 }, s2 = { 0 };
  int c = __VERIFIER_nondet_int();
  struct S *p = &s2;
  if (c) p = &s1;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 2) return 0;
  p->a[j + 1] = 7;
  p->in.v[j] = 8;
  (*p).in.w = 9;
  if (s1.a[j + 1] == 7 && s2.a[j + 1] == 0 && c == 5) reach_error();
  if (s1.in.v[j] + s2.in.v[j] != 8 || s1.in.w + s2.in.w != 9) reach_error();
  return 0;
}
