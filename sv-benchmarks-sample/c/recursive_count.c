extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_count.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Recursion as deep as the input (up to 1000000 calls): no inlining bound covers it,
// procedure summaries do. The callee changes a global the caller reads. Safe.

int counter = 0;

void count(int n) {
  if (n > 0) {
    counter++;
    count(n - 1);
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  count(n);
  __VERIFIER_assert(counter == n);
  return 0;
}
