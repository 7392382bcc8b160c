/* arr[k].items[i].x: the struct array's index, then the member's (false on 1, 0). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct B { struct A items[2]; int n; };
struct B arr[2];
int main(void) {
  int k = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (k < 0 || k > 1 || i < 0 || i > 1) return 0;
  arr[1].items[0].x = 4;
  arr[0].items[1].x = 3;
  if (arr[k].items[i].x == 4 && arr[k].n == 0) reach_error();
  return 0;
}
