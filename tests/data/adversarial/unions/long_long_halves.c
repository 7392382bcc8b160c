/* A long long made of two unsigned halves, low word first (i386 too). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union ll { long long x; unsigned int w[2]; };
int main(void) {
  union ll u;
  u.w[0] = 5;
  u.w[1] = (unsigned)__VERIFIER_nondet_int();
  if (u.x == 0x0000000700000005LL) reach_error();
  if (u.w[1] == 0x80000000u && u.x >= 0) reach_error();
  return 0;
}
