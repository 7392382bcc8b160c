/* An array of structs whose pointer members point to x and y; element k's pointer writes.
   The error needs y written, i.e. k == 1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct ref { int *target; int weight; };
int main(void) {
  int x = 0, y = 0;
  struct ref refs[2];
  refs[0].target = &x; refs[0].weight = 3;
  refs[1].target = &y; refs[1].weight = 5;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  *refs[k].target = refs[k].weight;
  if (y == 5) reach_error();
  return 0;
}
