/* f(arr[i]) with i == 2 reads past the array of two structs: undefined behaviour. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct A arr[2];
int other = 7;
int f(struct A v) { return v.x; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (i == 2) { /*MARK:ub:out-of-bounds*/ }
  if (f(arr[i]) == 7) reach_error();
  return 0;
}
