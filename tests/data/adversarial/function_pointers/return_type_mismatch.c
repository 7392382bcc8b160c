/* A void function called through a pointer returning int, its value used: the types are not
   compatible (undefined behaviour), whatever eax holds. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g;
void set(void) { g = 1; }
int main(void) {
  int (*f)(void) = (int (*)(void))set;
  if (__VERIFIER_nondet_int()) {
    /*MARK:ub:incompatible-call*/
    if (f() == 12345) reach_error();
  }
  return 0;
}
