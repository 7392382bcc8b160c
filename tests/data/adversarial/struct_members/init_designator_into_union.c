/* A designator into a union member of a struct (.u.i = 5) is not modelled: unknown naming it
   (gcc: a.u.i is 5, a.x is 0). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union U { int i; char c[4]; };
struct A { int x; union U u; };
int main(void) {
  struct A a = { .u.i = 5 };
  if (a.u.i != 5 || a.x != 0) reach_error();
  return 0;
}
