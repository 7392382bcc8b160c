/* One past s.b is a valid pointer, but writing there is undefined even though s.c lies there
   (gcc writes s.c and reaches the error). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a; int b[3]; int c; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = {0};
  int *p = &s.b[2];
  p = p + 1;
  int *end = &s.b[3];
  if (p != end) reach_error();
  if (x) { /*MARK:before-past*/ *p = 1; }
  if (s.c == 1) reach_error();
  return 0;
}
