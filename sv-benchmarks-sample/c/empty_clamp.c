extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "empty_clamp.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Loop-free clamp of a nondeterministic value; provable without any invariant. Safe.

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y;
  if (x > 100) {
    y = 100;
  } else if (x < -100) {
    y = -100;
  } else {
    y = x;
  }
  __VERIFIER_assert(y >= -100 && y <= 100);
  return 0;
}
