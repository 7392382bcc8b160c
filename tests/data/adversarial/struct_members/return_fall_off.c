/* mk falls off its end when v is 0 and main uses the value: undefined behaviour (C11
   6.9.1p12). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; };
struct A mk(int v) { if (v) { struct A r = { v }; return r; } }
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v == 0) { /*MARK:ub:fall-off*/ }
  struct A t = mk(v);
  if (v == 0 || t.x != v) reach_error();
  return 0;
}
