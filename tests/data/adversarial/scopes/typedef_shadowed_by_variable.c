// In the block T is an int variable (T * 3 is a multiplication); after it T is the typedef
// unsigned char again (300 becomes 44).
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1 | 2 | 3
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
typedef unsigned char T;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  int big = 0;
  {
    T T = 100;
    int y = T * 3 + n;
    big = y > 255;
  }
  T small = 300 + n;
  if (big && small == 47) reach_error();
  return 0;
}
