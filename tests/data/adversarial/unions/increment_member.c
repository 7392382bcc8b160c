/* ++ and += on a member: the value is computed from the bytes before any is stored. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { int i; unsigned char c[4]; short s; };
int main(void) {
  union word u;
  u.i = 0x00ff + __VERIFIER_nondet_int();
  u.i++;
  u.s += 0x100;
  if (u.c[1] == 2 && u.c[0] == 0) reach_error();
  return 0;
}
