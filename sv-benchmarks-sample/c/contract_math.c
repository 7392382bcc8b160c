extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "contract_math.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Unsigned wrap-around under a function contract in ACSL's mathematical integers (format 2.1). Safe.

unsigned int next(unsigned int x) {
  return x + 1;
}

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = next(x);
  __VERIFIER_assert(y != x);
  return 0;
}
