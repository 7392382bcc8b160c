/* {0} initialises the first member, a char: the int's other bytes were never written. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union cw { char c; int i; };
int main(void) {
  union cw u = {0};
  /*MARK:ub:uninitialised*/
  if (u.i != 0) reach_error();
  return 0;
}
