/* A _Bool member read from a byte 2: gcc's reading is no value of _Bool (UBSan: "load of
   value 2, which is not a valid value for type '_Bool'"); no input, so a native run alone
   must not decide it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union bb { _Bool b; unsigned char c; };
int main(void) {
  union bb x;
  x.c = 2;
  if (x.b == 0) reach_error();
  return 0;
}
