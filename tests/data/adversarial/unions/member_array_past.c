/* c[2] is past the member array even though the union has bytes there. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union wc { int i; char c[2]; };
int main(void) {
  union wc u;
  int k = __VERIFIER_nondet_int();
  u.i = 0;
  if (k < 0 || k > 2) return 0;
  if (k == 2) { /*MARK:ub:out-of-bounds*/ }
  u.c[k] = 1;
  if (u.i == 0) reach_error();
  return 0;
}
