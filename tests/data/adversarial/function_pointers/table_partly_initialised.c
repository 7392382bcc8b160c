/* A local table with one initialiser: the other entries are NULL (C11 6.7.9p21), so calling
   entry 1 is a call through NULL (undefined behaviour), entry 0 is fine. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int one(void) { return 1; }
int main(void) {
  int (*t[2])(void) = { one };
  int c = __VERIFIER_nondet_int();
  if (c < 0 || c > 1) return 0;
  if (t[c] == 0) { /*MARK:ub:null-call*/ }
  if (t[c]() != 1) reach_error();
  return 0;
}
