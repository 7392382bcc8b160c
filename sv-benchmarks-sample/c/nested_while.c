extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_while.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Nested while loops: the inner loop runs 5 times per outer iteration. Safe.

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 1000)) return 0;
  int i = 0;
  int c = 0;
  while (i < n) {
    int j = 0;
    while (j < 5) {
      c++;
      j++;
    }
    i++;
  }
  __VERIFIER_assert(c == 5 * n);
  return 0;
}
