extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "longlong_sum.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A long long sum that exceeds the 32-bit int range (up to 5 * 10^9). Safe.

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 5000)) return 0;
  long long big = 0;
  int i;
  for (i = 0; i < n; i++) {
    big += 1000000;
  }
  __VERIFIER_assert(big == 1000000LL * n);
  __VERIFIER_assert(n < 2148 || big > 2147483647);
  return 0;
}
