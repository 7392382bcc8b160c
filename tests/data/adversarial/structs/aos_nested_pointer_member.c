/* A pointer member of a nested struct in an array of structs: arr[i].in.q written by index,
   read through p[1] and arr[1] (false on 1; on 0 arr[1].in.q stays the null pointer). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int v[2]; int *q; };
struct S { int a[3]; struct inner in; };
struct S arr[2];
int main(void) {
  int x = 5;
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1) return 0;
  arr[i].in.q = &x;
  struct S *p = arr;
  if (p[1].in.q != 0 && *arr[1].in.q == 5 && i == 1) reach_error();
  return 0;
}
