/* f returns the address of its local; the caller reads through it after f returned (undefined
   behaviour: the object's lifetime ended, C11 6.2.4p2).  gcc -O0 usually still finds the old
   value; a model without lifetimes would too, and would prove the program safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int *f(int v) { int local = v; return &local; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = f(x);
  /*MARK:ub:dangling*/
  if (*p != x) reach_error();
  return 0;
}
