/* A floating value converted to a 3-bit unsigned bit-field must fit its 3 bits (C11
   6.3.1.4p1 with 6.7.2.1p10; UBSan traps): 8.5 is undefined behaviour, not 8 wrapped to 0
   (unknown; a conversion to unsigned int and a wrap-around would reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned u : 3; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  double d = x + 0.5;
  if (x < -1 || x > 7) { /*MARK:ub:float-conversion*/ }
  s.u = d;
  if (s.u == 0 && x == 8) reach_error();
  return 0;
}
