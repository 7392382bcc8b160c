/* A struct initialised from another (`struct S t = s;`) and a nested member initialised
   from a struct (`{ s.in, 1 }`): copies of every member, arrays included (false on 6). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int v[2]; int x; };
struct S { struct inner in; int n; };
int main(void) {
  struct S s = { { { __VERIFIER_nondet_int(), 2 }, 3 }, 4 };
  struct S t = s;
  struct S u = { t.in, 1 };
  s.in.v[0] = 0;
  if (u.in.v[0] == 6 && u.in.v[1] == 2 && u.in.x == 3 && u.n == 1 && t.n == 4) reach_error();
  return 0;
}
