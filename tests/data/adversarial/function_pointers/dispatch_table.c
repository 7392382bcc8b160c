/* A global dispatch table indexed by an input: only dbl (index 2) doubles, and the loop over
   the table counts its entries by sizeof in both data models (false on 2, 4). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int dbl(int x) { return 2 * x; }
int (*table[3])(int) = { inc, dec, dbl };
int main(void) {
  int c = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sizeof(table) / sizeof(table[0]) != 3) return 0;
  if (c < 0 || c >= 3 || x < 0 || x > 100) return 0;
  if (table[c](x) == 8 && x != 7 && x != 9) reach_error();
  return 0;
}
