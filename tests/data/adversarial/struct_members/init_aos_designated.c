/* {[2].y = 5, [0] = {1, 2}, [1].x = 3}: designators into elements and members (false on 2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[3] = { [2].y = 5, [0] = { 1, 2 }, [1].x = 3 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 2) return 0;
  if (arr[0].x != 1 || arr[1].x != 3 || arr[1].y != 0 || arr[2].x != 0) return 0;
  if (arr[j].y == 5) reach_error();
  return 0;
}
