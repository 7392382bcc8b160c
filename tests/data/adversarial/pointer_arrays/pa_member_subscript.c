/* s.p[i], p->q[i], &s.p[i] and pp[i][j]: a subscript of a pointer is *(E1 + E2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int *p; struct S *next; };
int arr[4];
int main(void) {
  struct S s, t;
  int *rows[2] = {arr, arr + 2};
  int **pp = rows;
  int v = __VERIFIER_nondet_int();
  s.p = arr + 1;
  s.next = &t;
  t.p = arr;
  s.p[2] = v;
  if (arr[3] != v) reach_error();
  s.next->p[0] = v;
  if (arr[0] != v) reach_error();
  int *q = &s.p[1];
  if (q != &arr[2]) reach_error();
  pp[1][0] = 5;
  if (arr[2] != 5 || pp[0][3] != v) reach_error();
  return 0;
}
