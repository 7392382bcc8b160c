/* An array of pointers member: s.ptrs[i] points to a[2 - i], written through (false on 0). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct H { int *ptrs[3]; int n; };
int a[3];
int main(void) {
  struct H s;
  int j = __VERIFIER_nondet_int();
  for (int i = 0; i < 3; i++) s.ptrs[i] = &a[2 - i];
  if (j < 0 || j > 2) return 0;
  *s.ptrs[j] = 9;
  if (a[2] == 9 && s.ptrs[1] == &a[1]) reach_error();
  return 0;
}
