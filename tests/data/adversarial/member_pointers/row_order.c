/* Member arrays of two elements compared relationally: C orders them by the elements'
   subscripts (6.5.8p5); not computed by us. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int v; char a[3]; };
struct S arr[2];
int main(void) {
  char *first = arr[0].a + 1, *second = arr[1].a;
  if (first < second) reach_error();
  return 0;
}
