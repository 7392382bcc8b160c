extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "deep_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// No input; the assertion fails after 2^26 iterations, deeper than BMC or our interpreter go.
// UNSAFE.

int main(void) {
  unsigned int x = 0;
  while (x < 0x0ffffff0u) {
    x += 4;
  }
  __VERIFIER_assert(x != 0x0ffffff0u);
  return 0;
}
