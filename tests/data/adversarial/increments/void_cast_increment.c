/* `(void)x++;` discards the value but not the increment. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 100) return 0;
  int x = k;
  (void)x++;
  (void)x++;
  x--;
  if (x != k + 1) reach_error();
  return 0;
}
