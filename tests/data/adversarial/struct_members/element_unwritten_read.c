/* arr[1].x is never written: reading it is an uninitialised read (unknown). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[2];
  arr[0].x = 1;
  arr[0].y = 1;
  arr[1].y = 1;
  /*MARK:ub:uninitialised*/
  if (arr[1].x == 1) reach_error();
  return 0;
}
