/* A struct copy carries the bit-fields' values (false on 6: t.b is -2). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 3; int b : 3; };
int main(void) {
  struct S s, t;
  s.a = __VERIFIER_nondet_int();
  s.b = s.a;
  t = s;
  if (t.a == 6 && t.b == -2) reach_error();
  return 0;
}
