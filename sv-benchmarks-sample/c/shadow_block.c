extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "shadow_block.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A block-local `x` shadows the outer `x`. Safe.

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (!(x >= 0 && x <= 10)) return 0;
  int y = 0;
  {
    int x = 100;
    while (y < 10) {
      y++;
      x++;
    }
    __VERIFIER_assert(x == 110);
  }
  __VERIFIER_assert(x <= 10);
  return 0;
}
