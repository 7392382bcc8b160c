/* arr[0].a[3] is past the member array, although arr[0].n (and arr[1].a[0]) lie there:
   undefined behaviour, not a read of either (which would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
int main(void) {
  struct S arr[2] = { 0 };
  int j = __VERIFIER_nondet_int();
  arr[0].n = 9;
  arr[1].a[0] = 9;
  if (j < 0 || j > 3) return 0;
  if (j == 3) { /*MARK:ub:out-of-bounds*/ }
  if (arr[0].a[j] == 9) reach_error();
  return 0;
}
