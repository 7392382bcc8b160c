/* *pp reads p's current value: a copy taken earlier keeps the old one. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int x = 0, y = 0;
  int *p = &x;
  int **pp = &p;
  int *q = *pp;
  p = &y;
  if (*pp != &y || q != &x) reach_error();
  return 0;
}
