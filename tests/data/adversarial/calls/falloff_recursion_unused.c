/* A recursive function that falls off its end at n == 0, where no caller uses its value
   (deep: only procedure summaries prove it): safe. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
int f(int n) {
  if (n > 0) {
    g++;
    f(n - 1);
    return g;
  }
/*MARK:f-ends*/}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  f(n);
  if (g != n) reach_error();
  return 0;
}
