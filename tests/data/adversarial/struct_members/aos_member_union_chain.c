/* A union member of an element of a member array of structs: b.items[i].u.i written, its
   bytes read back as b.items[i].u.c[k] (little-endian), the neighbour element untouched
   (false: the most significant byte is c[3]). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union U { int i; unsigned char c[4]; };
struct A { int tag; union U u; };
struct B { struct A items[2]; int n; };
int main(void) {
  struct B b = { 0 };
  int i = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || k < 0 || k > 3) return 0;
  b.items[i].u.i = 0x01020304;
  if (b.items[1 - i].u.i != 0 || b.items[i].tag != 0) return 0;
  if (b.items[i].u.c[k] == 1) reach_error();
  return 0;
}
