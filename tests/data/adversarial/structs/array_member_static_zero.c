/* A static struct's member array starts zeroed, in a nested struct too (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { char tag; short v[5]; };
struct S { int n; struct inner in; int a[3]; };
struct S g;
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 3) return 0;
  if (g.a[i] != 0 || g.in.v[i + 2] != 0 || g.in.tag != 0) reach_error();
  return 0;
}
