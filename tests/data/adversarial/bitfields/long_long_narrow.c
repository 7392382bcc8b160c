/* A 5-bit long long bit-field promotes to int (GCC: narrower than int): its arithmetic is
   int arithmetic, sizeof(s.q + 0) is 4, and 17 reads back as -15 (false on 17). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { long long q : 5; };
int main(void) {
  struct S s;
  s.q = __VERIFIER_nondet_int();
  if (sizeof(s.q + 0) == 4 && s.q == -15) reach_error();
  return 0;
}
