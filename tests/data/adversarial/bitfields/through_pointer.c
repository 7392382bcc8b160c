/* Stores through a pointer wrap like direct ones: p->f = 12 stores 4 into s.f (false on 12). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int g; unsigned f : 3; };
int main(void) {
  struct S s;
  struct S *p = &s;
  p->f = __VERIFIER_nondet_int();
  p->g = 0;
  if (s.f == 4 && p->f < 8) reach_error();
  return 0;
}
