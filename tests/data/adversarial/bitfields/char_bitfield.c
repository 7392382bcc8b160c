/* char is signed on x86: char c : 3 holds -4..3, 5 reads back as -3 (false on 5). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { char c : 3; unsigned char d : 3; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.c = x;
  s.d = x;
  if (s.c == -3 && s.d == 5) reach_error();
  return 0;
}
