/* The first member starts where the struct does: a model with unrelated objects would say the
   pointers differ and prove the program. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  struct S s = {0};
  void *whole = &s;
  void *first = &s.a;
  if (whole == first) reach_error();
  return 0;
}
