/* A struct with an array of structs member, initialised with brace elision and a nested
   designator: {1, 2, 3, .n = 9} gives items {{1, 2}, {3, 0}} (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct A { int x; int y; };
struct B { struct A items[2]; int n; };
int main(void) {
  struct B b = { 1, 2, 3, .n = 9 };
  if (b.items[0].x != 1 || b.items[0].y != 2 || b.items[1].x != 3 || b.items[1].y != 0 ||
      b.n != 9)
    reach_error();
  return 0;
}
