/* arr[i].in.x with i == 2 is past the array of two structs: undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
struct outer arr[2];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (i == 2) { /*MARK:ub:out-of-bounds*/ }
  arr[i].in.x = 1;
  if (arr[0].in.x + arr[1].in.x == 0) reach_error();
  return 0;
}
