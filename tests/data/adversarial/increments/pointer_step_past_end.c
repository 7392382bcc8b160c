/* `p++;` from one past the end of an array is undefined (C11 6.5.6p8), even unread. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int a[2] = {0, 0};
  int *p = a;
  p++;
  p++;
  if (k > 0) {
    /*MARK:ub:out-of-bounds*/
    p++;
    if (p != a) reach_error();
  }
  return 0;
}
