/* p->in.x through a pointer to the struct: the nested member of the object (false on 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct inner { int x; int y; };
struct outer { struct inner in; int n; };
int main(void) {
  struct outer s = { { 1, 2 }, 3 };
  struct outer *p = &s;
  p->in.x = __VERIFIER_nondet_int();
  if (p->in.x == 4) reach_error();
  return 0;
}
