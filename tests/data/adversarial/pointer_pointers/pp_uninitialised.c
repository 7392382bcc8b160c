/* p is never written: reading it through pp reads an indeterminate pointer. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p;
  int **pp = &p;
  if (x == 4) { /*MARK:ub:uninitialised*/ if (*pp == 0) reach_error(); }
  return 0;
}
