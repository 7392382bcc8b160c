/* Only the short member was written: the int's upper bytes were never written. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union half { int i; short s; };
int main(void) {
  union half u;
  u.s = 5;
  /*MARK:ub:uninitialised*/
  if (u.i == 5) reach_error();
  return 0;
}
