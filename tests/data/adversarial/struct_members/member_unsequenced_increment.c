/* s.x++ + s.x reads and writes s.x unsequenced: undefined behaviour (unknown), although
   evaluating left to right makes r == 1 and the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int x; int y; };
int main(void) {
  struct S s = { 0, 0 };
  /*MARK:ub:unsequenced*/
  int r = s.x++ + s.x;
  if (r == 0) reach_error();
  s.x = s.x++;
  return 0;
}
