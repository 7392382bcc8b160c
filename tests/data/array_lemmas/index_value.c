/* a[k] = k in one loop, a[i] == i asserted in the next: the fact of the assertion over the
   elements written so far (array_facts.py); array-industry-pattern/array_shadowinit. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  for (int k = 0; k < n; k++) a[k] = k;
  for (int i = 0; i < n; i++)
    if (a[i] != i) reach_error();
  return 0;
}
