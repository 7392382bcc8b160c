/* **pp with pp NULL: undefined. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  int *p = &y;
  int **pp = &p;
  if (x == 2) { /*MARK:before-null*/ pp = 0; }
  if (**pp == 1) reach_error();
  return 0;
}
