/* arr[0].items[2] is past arr[0].items, although arr[0].n (and arr[1].items[0]) lie there:
   undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct B { struct A items[2]; int n; };
struct B arr[2];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  arr[0].n = 4;
  arr[1].items[0].x = 4;
  if (i == 2) { /*MARK:ub:out-of-bounds*/ }
  if (arr[0].items[i].x == 4) reach_error();
  return 0;
}
