/* Writing the short member changes the low two bytes only: gcc keeps the upper bytes of the
   int written before. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union half { int i; short s; };
int main(void) {
  union half u;
  u.i = 0x11112222;
  u.s = (short)__VERIFIER_nondet_int();
  if (u.i == 0x11113333) reach_error();
  return 0;
}
