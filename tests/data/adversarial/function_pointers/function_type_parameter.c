/* A parameter declared with a function type is a function pointer (C11 6.7.6.3p8): run(check)
   calls check, which reaches the error on 1 only. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
void run(void task(int), int v) { task(v); }
void check(int v) { if (v == 1) reach_error(); }
int main(void) {
  run(check, __VERIFIER_nondet_int());
  return 0;
}
