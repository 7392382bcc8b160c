/* A member pointer kept in a variable equals that element's member and no other's. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int id; int vals[2]; };
struct S arr[3];
int main(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || i > 2 || j < 0 || j > 2) return 0;
  int *q = arr[i].vals;
  if ((q == arr[j].vals) != (i == j)) reach_error();
  if (q + 1 != &arr[i].vals[1]) reach_error();
  if (&arr[i].vals[1] - q != 1) reach_error();
  return 0;
}
