/* The same 32 bits read as int and as unsigned int. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union su { int i; unsigned u; };
int main(void) {
  union su x;
  x.i = __VERIFIER_nondet_int();
  if (x.i < 0 && x.u < 2147483648u) reach_error();
  if (x.u == 4294967295u) reach_error();
  return 0;
}
