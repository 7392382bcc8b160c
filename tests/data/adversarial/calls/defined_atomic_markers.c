/* The program's atomic-section markers have bodies: they run. */
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
void __VERIFIER_atomic_begin(void) { g++; }
void __VERIFIER_atomic_end(void) { g++; }
void __VERIFIER_atomic_step(void) { g = g * 10; }
int main(void) {
  __VERIFIER_atomic_begin();
  __VERIFIER_atomic_step();
  __VERIFIER_atomic_end();
  if (g == 11) reach_error();
  return 0;
}
