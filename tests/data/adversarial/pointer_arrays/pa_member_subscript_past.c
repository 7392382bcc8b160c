/* s.p[j] with s.p = arr + 1: j = 3 is past the end of arr (on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int *p; };
int arr[4];
int main(void) {
  struct S s;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3) return 0;
  s.p = arr + 1;
  if (j == 3) { /*MARK:before-past*/ }
  if (s.p[j] == 7) reach_error();
  return 0;
}
