extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "contract_recursive.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A recursive function as deep as the input, with a function contract (format 2.1). Safe.

int count(int n) {
  if (n == 0) return 0;
  return count(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  __VERIFIER_assert(count(n) == n);
  return 0;
}
