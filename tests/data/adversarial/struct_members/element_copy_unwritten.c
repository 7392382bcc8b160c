/* s = arr[0] copies arr[0].y, never written: C copies it without undefined behaviour
   (C11 6.2.6.1p6), which our model does not follow (an execution not modelled: unknown,
   never a wrong value). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
int main(void) {
  struct A arr[2];
  struct A s;
  arr[0].x = __VERIFIER_nondet_int();
  s = arr[0];
  if (s.x == 5) reach_error();
  return 0;
}
