/* arr[i++].a[i]: the two subscripts are unsequenced, one writes i and the other reads it:
   undefined behaviour (C11 6.5p2), whatever order gcc picks. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
struct S arr[3];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  /*MARK:ub:unsequenced*/
  arr[i++].a[i] = 1;
  if (arr[0].a[1] == 1) reach_error();
  return 0;
}
