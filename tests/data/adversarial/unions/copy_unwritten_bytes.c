/* `v = u` where u's upper bytes were never written: no undefined behaviour in C (the value of
   a union is never a trap representation, C11 6.2.6.1p6), and v.i is x: the error is reached
   on 6.  The model carries no unwritten byte through a copy, so the copy is an execution it
   does not model: unknown, and no invariant confirmed past it (campaign case
   p6dd4f7dece4f-w1 confirmed the invariant `0` after such a copy). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union U { int i; long long ll; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  union U u = {1};
  u.i = x;
  union U v = u;
  if (v.i == 6) reach_error();
  return 0;
}
