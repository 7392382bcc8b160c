/* b[i] is 1 or 0 by a test on a[i]; a later loop checks that b agrees with a: an implication
   between two of the program's conditions over the elements done (array_facts.py);
   array-examples/standard_running-2. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[100000];
  int b[100000];
  int i;
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < n; i++) {
    if (a[i] >= 0) b[i] = 1;
    else b[i] = 0;
  }
  int f = 1;
  for (i = 0; i < n; i++) {
    if (a[i] >= 0 && !b[i]) f = 0;
    if (a[i] < 0 && b[i]) f = 0;
  }
  if (!f) reach_error();
  return 0;
}
