// `typedef enum {...} T` in a block declares X = 7 and Y = 8 there, shadowing the global X.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { X = 1 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  int hit = 0;
  {
    typedef enum { X = 7, Y } T;
    T t = Y;
    hit = X == 7 && t == 8;
  }
  if (hit && X + n == 2) reach_error();
  return 0;
}
