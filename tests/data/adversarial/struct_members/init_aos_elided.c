/* {1, 2, 3, 4, 5}: brace elision, arr[1] == {3, 4}, arr[2] == {5, 0} (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[3] = { 1, 2, 3, 4, 5 };
  if (arr[0].y != 2 || arr[1].x != 3 || arr[1].y != 4 || arr[2].x != 5 || arr[2].y != 0)
    reach_error();
  return 0;
}
