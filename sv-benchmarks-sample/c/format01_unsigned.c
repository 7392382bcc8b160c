extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "format01_unsigned.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Unsigned counters; used with format 0.1 witnesses. Safe.

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n <= 1000)) return 0;
  unsigned int x = 0;
  unsigned int y = 0;
  while (x < n) {
    x++;
    y += 2;
  }
  __VERIFIER_assert(y == 2 * n);
  return 0;
}
