/* p->ptrs[j] through a pointer to a struct with an array of pointers (false on 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct H { int n; int *ptrs[2]; };
int main(void) {
  int a = 1, b = 2;
  struct H s;
  struct H *p = &s;
  int j = __VERIFIER_nondet_int();
  p->ptrs[0] = &a;
  p->ptrs[1] = &b;
  if (j < 0 || j > 1) return 0;
  if (*p->ptrs[j] == 2) reach_error();
  return 0;
}
