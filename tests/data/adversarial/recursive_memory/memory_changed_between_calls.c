/* A recursive function that only reads memory, called twice with main writing the memory in
   between: the summary must relate the result to the memory of each call.  Safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int b[2];
int get(int *a, int n) {
  if (n == 0) return a[1];
  return get(a, n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int first = get(b, n);
  b[1] = 5;
  int second = get(b, n);
  if (first != 0 || second != 5) reach_error();
  return 0;
}
