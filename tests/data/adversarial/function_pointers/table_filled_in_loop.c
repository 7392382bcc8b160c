/* The entries are written in a loop, odd ones inc and even ones dec: entry k applied to 10
   gives 11 or 9, never 10 (true). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int main(void) {
  int (*t[4])(int);
  int i, k = __VERIFIER_nondet_int();
  for (i = 0; i < 4; i++) t[i] = i % 2 ? inc : dec;
  if (k < 0 || k > 3) return 0;
  if (t[k](10) == 10) reach_error();
  if (t[k] == inc && k % 2 == 0) reach_error();
  return 0;
}
