/* Whole-struct copies of a struct with a union member and a bit-field to and from an element
   of an array of structs copy the union's bytes and the bit-field (false: t.u.s[0] is 7). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union U { int i; short s[2]; };
struct A { int x; union U u; unsigned f : 5; };
int main(void) {
  struct A arr[3];
  struct A s, t;
  int i = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (i < 0 || i > 2 || k < 0 || k > 1) return 0;
  s.x = 1;
  s.u.i = 0x00050007;
  s.f = 31;
  arr[i] = s;
  s.u.s[0] = 9;
  t = arr[i];
  if (t.x != 1 || t.f != 31 || t.u.s[1] != 5) return 0;
  if (t.u.s[k] == 7) reach_error();
  return 0;
}
