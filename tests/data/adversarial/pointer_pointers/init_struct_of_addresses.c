/* A struct initialised with two globals' addresses; pointers to its members (ldv-regression
   test30 style): *pa = *pb copies b into... b itself, so a == b only where the input made it. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a = 1, b;
struct pair { int *a, *b; } global = {&a, &b};
void assign(int *pa, int *pb) { *pa = *pb; }
void assign2(int **pa, int **pb) { assign(*pb, *pb); }
int main(void) {
  struct pair *pd = &global;
  b = __VERIFIER_nondet_int();
  assign2(&pd->a, &pd->b);
  if (a != b) reach_error();
  return 0;
}
