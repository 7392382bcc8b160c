/* A static nested struct starts zeroed, every level (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; long long y; };
struct outer { char c; struct inner in; };
static struct outer g;
int main(void) {
  static struct outer h;
  if (g.in.x != 0 || g.in.y != 0 || g.c != 0 || h.in.y != 0) reach_error();
  return 0;
}
