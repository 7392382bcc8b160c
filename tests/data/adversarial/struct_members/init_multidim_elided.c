/* int a[2][3] = {{1}, 2, 3}: a[0] is {1, 0, 0}, brace elision fills a[1] with {2, 3, 0}
   (false on 1, 1). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a[2][3] = { { 1 }, 2, 3 };
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || j < 0 || j > 2) return 0;
  if (a[0][1] != 0 || a[1][0] != 2 || a[1][2] != 0) return 0;
  if (a[i][j] == 3) reach_error();
  return 0;
}
