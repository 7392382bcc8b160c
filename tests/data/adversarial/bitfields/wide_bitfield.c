/* GCC computes with a 40-bit bit-field in a 40-bit type: s.w + 1 wraps to 0 (not modelled:
   unknown naming it; long long arithmetic would never reach the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { unsigned long long w : 40; };
int main(void) {
  struct S s;
  s.w = 1099511627775ULL;
  if (s.w + 1 == 0) reach_error();
  return 0;
}
