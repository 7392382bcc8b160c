/* arr[i].x = i++ reads i for the index and writes it, unsequenced: undefined behaviour
   (unknown), whichever index a model picks. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[3] = { 0 };
  int i = 0;
  /*MARK:ub:unsequenced*/
  arr[i].x = i++;
  if (arr[1].x == 0) reach_error();
  return 0;
}
