/* get(2) returns table[2], past the array of two structs: undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct A table[2];
int other = 7;
struct A get(int i) { return table[i]; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (i == 2) { /*MARK:ub:out-of-bounds*/ }
  struct A t = get(i);
  if (t.x == 7) reach_error();
  return 0;
}
