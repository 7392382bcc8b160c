/* `b++;` and `b--;` on a _Bool: the result converted to _Bool (nonzero is 1), so b++ twice is 1
   and b-- from 0 is 1 again. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  _Bool b = k > 0;
  b++;
  b++;
  if (b != 1) reach_error();
  b--;
  if (b != 0) reach_error();
  b--;
  if (b != 1) reach_error();
  return 0;
}
