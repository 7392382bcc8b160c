/* arr[1].a[2] and arr[0].a[2] are different elements of the member's two-dimensional array
   (the struct array's index, the member's): false on 5. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
struct S arr[2];
int main(void) {
  int i = __VERIFIER_nondet_int();
  arr[1].a[2] = i;
  arr[0].a[2] = 0;
  arr[1].n = arr[1].a[2] + 1;
  if (arr[1].a[2] == 5 && arr[0].a[2] == 0 && arr[1].n == 6 && arr[0].n == 0) reach_error();
  return 0;
}
