extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Recursion; the assertion fails for n >= 7 (seven calls deep). UNSAFE.

int count(int n) {
  if (n <= 0) {
    return 0;
  }
  return 1 + count(n - 1);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 20)) return 0;
  int c = count(n);
  __VERIFIER_assert(c < 7);
  return 0;
}
