/* {[0] = f(), [0] = 1}: whether the overridden initialiser's call happens is unspecified
   (C11 6.7.9p19): unknown, never a guess. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int calls;
int f(void) { calls = calls + 1; return 5; }
int main(void) {
  int a[2] = { [0] = f(), [0] = 1 };
  if (calls == 1 && a[0] == 1) reach_error();
  return 0;
}
