/* An out parameter: the callee stores a pointer into the caller's pointer variable. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void pick(int **out, int *a, int *b, int c) { *out = c ? a : b; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int x = 1, y = 2;
  int *p = 0;
  pick(&p, &x, &y, c);
  *p = 7;
  if (c && (x != 7 || y != 2)) reach_error();
  if (!c && (y != 7 || x != 1)) reach_error();
  return 0;
}
