/* _Bool b : 1 converts like _Bool: 2 stores 1, not 0 (false on 2; a 1-bit wrap-around never
   reaches the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { _Bool b : 1; int pad; };
int main(void) {
  struct S s;
  int x = __VERIFIER_nondet_int();
  s.b = x;
  if (x == 2 && s.b == 1) reach_error();
  return 0;
}
