/* A struct parameter is a copy: f changes its copy, the caller's struct and element keep
   their values (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int a[2]; };
int f(struct A v) { v.x = v.x + 1; v.a[1] = 9; return v.x + v.a[1]; }
int main(void) {
  struct A s = { 1, { 2, 3 } };
  struct A arr[2] = { { 4, { 5, 6 } } };
  int r = f(s) + f(arr[0]);
  if (s.x != 1 || s.a[1] != 3 || arr[0].x != 4 || arr[0].a[1] != 6 || r != 11 + 14)
    reach_error();
  return 0;
}
