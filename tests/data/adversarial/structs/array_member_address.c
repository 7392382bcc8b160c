/* &s.a[1]: a pointer to a member's element (an object of its own: member_addresses.py) reads
   s.a[1], so the error is reached. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[2]; int n; };
int main(void) {
  struct S s = { { 3, 4 }, 5 };
  int *p = &s.a[1];
  if (*p == 4) reach_error();
  return 0;
}
