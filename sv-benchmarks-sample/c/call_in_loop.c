extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "call_in_loop.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A function call inside the loop body. Safe.

int step(int v) {
  return v + 2;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 1000)) return 0;
  int x = 0;
  int k = 0;
  while (k < n) {
    x = step(x);
    k++;
  }
  __VERIFIER_assert(x == 2 * n);
  return 0;
}
