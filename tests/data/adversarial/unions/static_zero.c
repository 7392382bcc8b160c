/* A static union is zero in every byte, also those a later write to the char leaves. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union cw { char c; int i; };
union cw g;
int main(void) {
  static union cw s;
  if (g.i != 0 || s.i != 0) reach_error();
  g.c = (char)__VERIFIER_nondet_int();
  if (g.i < 0 || g.i > 255) reach_error();
  return 0;
}
