/* A short member reads the low two bytes of the int member (never its high half). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union half { int i; short s; };
int main(void) {
  union half u;
  int x = __VERIFIER_nondet_int();
  u.i = x;
  if (u.s != (short)x) reach_error();
  if (u.s != (short)(x & 0xffff)) reach_error();
  return 0;
}
