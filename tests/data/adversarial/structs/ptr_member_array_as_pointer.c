/* p->a used as a value: a pointer to the first element of the member array of the struct p
   points to (member_addresses.py). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a[3]; int n; };
int main(void) {
  struct S s = {0};
  struct S *p = &s;
  int *q = p->a;
  if (q[0] == 0) reach_error();
  return 0;
}
