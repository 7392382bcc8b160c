/* A _Bool member read from a byte 0 or 1: its value. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union bb { _Bool b; unsigned char c; };
int main(void) {
  union bb x;
  x.c = __VERIFIER_nondet_int() > 0;
  if (x.b == (x.c != 0)) reach_error();
  return 0;
}
