/* {[4] = 1, 2, [1] = 3}: initialisation goes on after a designator (a[5] == 2), holes are
   zero (false on 5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a[6] = { [4] = 1, 2, [1] = 3 };
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 5) return 0;
  if (a[0] != 0 || a[2] != 0 || a[3] != 0 || a[1] != 3 || a[4] != 1) return 0;
  if (a[j] == 2) reach_error();
  return 0;
}
