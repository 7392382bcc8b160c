/* A static array of pointers with two initialisers: the rest are NULL. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x = 1, y = 2;
int main(void) {
  static int *a[4] = {&x, &y};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  if (n >= 2 && a[n] != 0) reach_error();
  if (n < 2 && *a[n] != n + 1) reach_error();
  return 0;
}
