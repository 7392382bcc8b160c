/* The member array passed to a function (a pointer to its first element: the member object of
   s, member_addresses.py). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[2]; int n; };
int first(int *p) { return p[0]; }
int main(void) {
  struct S s = { { 3, 4 }, 5 };
  if (first(s.a) == 3) reach_error();
  return 0;
}
