// Array sizes read the enumeration constant in scope: 5 in the block, the global 2 after it.
// expect ILP32: false(unreach-call)
// expect LP64: false(unreach-call)
// inputs: 0 | 1
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
enum { N = 2 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  int inner;
  {
    enum { N = 5 };
    int a[N];
    inner = sizeof(a) / sizeof(int);
  }
  int b[N];
  if (inner == 5 && sizeof(b) / sizeof(int) == 2 + n) reach_error();
  return 0;
}
