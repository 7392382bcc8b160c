/* A pointer read back as an int: pointer punning. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union pi { int *p; int i; };
int main(void) {
  int a = 3;
  union pi x;
  x.p = &a;
  if (x.i != 0) reach_error();
  return 0;
}
