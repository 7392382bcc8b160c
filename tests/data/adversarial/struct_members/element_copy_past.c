/* arr[j] = s with j == 2 writes past the array of two structs: undefined behaviour, never a write of the
   next object (which would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct A arr[2];
int other;
int main(void) {
  struct A s = { 5, 6 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 2) return 0;
  if (j == 2) { /*MARK:ub:out-of-bounds*/ }
  arr[j] = s;
  if (other == 5) reach_error();
  return 0;
}
