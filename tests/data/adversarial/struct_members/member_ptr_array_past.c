/* s.ptrs[2] is past the member array: undefined behaviour, never s.other. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct H { int *ptrs[2]; int *other; };
int a, b;
int main(void) {
  struct H s;
  int j = __VERIFIER_nondet_int();
  s.ptrs[0] = &a;
  s.ptrs[1] = &a;
  s.other = &b;
  if (j < 0 || j > 2) return 0;
  if (j == 2) { /*MARK:ub:out-of-bounds*/ }
  if (s.ptrs[j] == &b) reach_error();
  return 0;
}
