/* {0} zeroes every element of an array of unions whose first member fills the union. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
union word { unsigned int w; unsigned char b[4]; };
int main(void) {
  union word a[3] = {0};
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 2) return 0;
  if (a[k].b[3] != 0 || a[k].w != 0) reach_error();
  return 0;
}
