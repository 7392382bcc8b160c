/* The index may be one past the table: an out-of-bounds read (undefined behaviour), never a
   call of whatever follows the table. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int (*table[2])(int) = { inc, dec };
int (*after)(int) = inc;
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < 0 || c > 2) return 0;
  if (c == 2) { /*MARK:ub:out-of-bounds*/ }
  if (table[c](1) == 2 && c != 0) reach_error();
  return 0;
}
