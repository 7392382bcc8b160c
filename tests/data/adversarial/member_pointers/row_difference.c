/* arr[1].a - arr[0].a: two different arrays (C11 6.5.6p9), undefined; gcc gives the stride. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int v; char a[3]; };
struct S arr[2];
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x) { /*MARK:before-diff*/ if (arr[1].a - arr[0].a == sizeof(struct S)) reach_error(); }
  return 0;
}
