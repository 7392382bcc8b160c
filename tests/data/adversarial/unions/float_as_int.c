/* The bits of 1.0f read as an unsigned int (0x3f800000): float punning. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union fu { float f; unsigned u; };
int main(void) {
  union fu x;
  x.f = 1.0f;
  if (x.u == 0x3f800000u) reach_error();
  return 0;
}
