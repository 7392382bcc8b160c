/* Both 31-bit bit-fields promote to int: s.a - 1 is -1, below every value of s.c (false). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned a : 31; unsigned c : 31; };
int main(void) {
  struct S s;
  s.a = 0;
  s.c = __VERIFIER_nondet_int();
  if (s.a - 1 < s.c) reach_error();
  return 0;
}
