/* GCC: a bit-field of an enumeration type is unsigned when the enumeration has no negative
   constant (its type is unsigned int), signed otherwise (false on 3). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
enum E { A, B, C };
enum N { M = -1, P = 1 };
struct S { enum E e : 2; enum N n : 2; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.e = x;
  s.n = x;
  if (s.e == 3 && s.n == -1 && s.e - 4 < 0) reach_error();
  return 0;
}
