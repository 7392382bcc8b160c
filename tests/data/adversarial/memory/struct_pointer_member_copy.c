/* t = s copies the pointer member: *t.p writes x, not y; the error needs x == 7. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct holder { int tag; int *p; };
int main(void) {
  int x = 0, y = 0;
  struct holder s = {1, &x};
  struct holder t;
  t = s;
  s.p = &y;
  *t.p = __VERIFIER_nondet_int();
  *s.p = 1;
  if (x == 7 && y == 1) reach_error();
  return 0;
}
