/* The only execution uses the value of a function that fell off its end: undefined behaviour,
   though the gcc-compiled run ends normally (so running it proves nothing). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int f(void) {
/*MARK:ub:f-ends*/}
int main(void) {
  int r = f();
  if (r == 123456) reach_error();
  return 0;
}
