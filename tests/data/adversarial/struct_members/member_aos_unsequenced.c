/* b.items[i].x = (i = 1): the index and the assignment to i are unsequenced (unknown); a
   model that evaluates the target first would prove the error unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct B { struct A items[3]; };
int main(void) {
  struct B b = { 0 };
  int i = 0;
  /*MARK:ub:unsequenced*/
  b.items[i].x = (i = 1);
  if (b.items[1].x == 1) reach_error();
  return 0;
}
