/* t = s copies the members: a later write to s does not change t (a model that made t an
   alias of s would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct pair { int a; short b; };
int main(void) {
  struct pair s = {__VERIFIER_nondet_int(), 2};
  struct pair t;
  t = s;
  s.a = s.a == 5 ? 6 : 5;
  if (t.a == s.a) reach_error();
  return 0;
}
