/* A local array of pointers with an initialiser: the elements not named are NULL. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int x, y;
int main(void) {
  int *a[4] = {&x, 0, &y};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  if (a[3] != 0 || a[1] != 0) reach_error();
  if (n == 2 && a[n] != &y) reach_error();
  return 0;
}
