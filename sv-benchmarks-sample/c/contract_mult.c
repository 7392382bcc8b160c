extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "contract_mult.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Multiplication by repeated addition, as deep as the input (up to 1000 calls): a square is
// never 2.  Its summary is nonlinear (a * b): Spacer does not find it alone; the function
// contract states it.  Safe.

int mult(int a, int b) {
  if (b == 0) return 0;
  return a + mult(a, b - 1);
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000) return 0;
  if (mult(a, a) == 2) reach_error();
  return 0;
}
