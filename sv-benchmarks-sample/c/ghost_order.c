extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ghost_order.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// b trails a by one step; format 2.1 witnesses with two ghost updates at one location whose order matters. Safe.

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int a = 0;
  int b = 0;
  int i = 0;
  while (i < n) {
    b = a;
    a = a + 3;
    i++;
  }
  __VERIFIER_assert(a == 3 * n && b == a - 3 * (n > 0));
  return 0;
}
