/* Every second element written (i += 2), and b[i] only where a[i] == 10: strided ranges, and
   "b[i] is written" under a condition (array_ranges.py, array_facts.py);
   array-industry-pattern/array_monotonic. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int i;
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[100000];
  int b[100000];
  for (i = 0; i < n; i = i + 2) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] == 10) b[i] = 20;
  }
  for (i = 0; i < n; i = i + 2)
    if (a[i] == 10 && b[i] != 20) reach_error();
  return 0;
}
