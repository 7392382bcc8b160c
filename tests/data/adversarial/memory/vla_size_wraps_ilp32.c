/* In ILP32 `int a[n]` with n = 2^30 has 2^32 bytes: sizeof wraps to 0 in the 32-bit size_t and
   gcc moves the stack pointer by nothing.  SV-COMP's convention (alloca, hence a VLA, never
   fails) gives the array its n elements; the model follows it (and its flat index, counted in
   elements, does not wrap).  The ground truth runs only small n. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0) return 0;
  int a[n];
  a[n - 1] = 5;
  if (a[n - 1] != 5) reach_error();
  return 0;
}
