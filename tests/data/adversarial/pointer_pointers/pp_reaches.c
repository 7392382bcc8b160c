/* A value written through two levels reaches the error when it is 3. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int v = __VERIFIER_nondet_int();
  int x = 0;
  int *p = &x;
  int **pp = &p;
  **pp = v;
  if (x == 3) reach_error();
  return 0;
}
