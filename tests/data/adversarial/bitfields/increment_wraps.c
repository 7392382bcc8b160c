/* s.i++ on a signed 3-bit bit-field: the increment is done in int (no overflow) and the
   conversion back wraps: ten increments from 0 give 2 (true; no undefined behaviour). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int i : 3; };
int main(void) {
  struct S s;
  int k;
  s.i = 0;
  for (k = 0; k < 10; k++) s.i++;
  if (s.i != 2) reach_error();
  return 0;
}
