/* p may walk to one past the end (allowed) and is then read (undefined behaviour). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int a[3] = {1, 2, 3};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  int *p = a + k;
  if (k == 3) { /*MARK:ub:past-end*/ }
  if (*p == 0) reach_error();
  return 0;
}
