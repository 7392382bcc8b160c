/* *pp = &y retargets p itself; **pp then writes y, not x. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = 0, y = 0;
  int *p = &x;
  int **pp = &p;
  *pp = &y;
  **pp = 5;
  if (y != 5 || x != 0 || p != &y) reach_error();
  return 0;
}
