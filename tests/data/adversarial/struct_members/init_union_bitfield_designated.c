/* Designated initialisers with a union member and bit-fields: .f = 9 wraps to 1 in three
   bits, .u = {0x0102} gives the union's first member, [1].f = 12 wraps to 4 in an array of
   structs, every member not named is zero (true). */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union U { int i; char c[4]; };
struct A { int x; union U u; unsigned f : 3; int y; };
int main(void) {
  struct A a = { .f = 9, .u = { 0x0102 }, .y = 7 };
  struct A arr[2] = { [1].f = 12, [1].y = 3 };
  if (a.f != 1 || a.u.c[1] != 1 || a.u.c[0] != 2 || a.x != 0 || a.y != 7) reach_error();
  if (arr[1].f != 4 || arr[1].y != 3 || arr[1].u.i != 0 || arr[0].f != 0) reach_error();
  return 0;
}
