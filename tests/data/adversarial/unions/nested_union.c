/* A union member of a union lies at offset 0 too. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union outer { union inner { short s; char c; } in; int i; };
int main(void) {
  union outer u;
  u.i = 0x01020304 + __VERIFIER_nondet_int();
  if (u.in.c == 4 && u.in.s == 0x0304) reach_error();
  return 0;
}
