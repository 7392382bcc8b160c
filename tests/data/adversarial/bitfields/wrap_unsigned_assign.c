/* A 3-bit unsigned bit-field keeps its value modulo 8: s.f = 9 stores 1 (false on 9;
   a model without the wrap-around never reaches the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned f : 3; int g; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.f = x;
  if (x == 9 && s.f == 1) reach_error();
  return 0;
}
