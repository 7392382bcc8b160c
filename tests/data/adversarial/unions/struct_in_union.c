/* A struct member of a union: its members lie at their offsets in the union's bytes. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union pair { struct { short lo; short hi; } h; int w; };
int main(void) {
  union pair u;
  u.w = 0x00020001 + __VERIFIER_nondet_int();
  if (u.h.hi == 2 && u.h.lo == 1) reach_error();
  return 0;
}
