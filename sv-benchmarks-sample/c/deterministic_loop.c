extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "deterministic_loop.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// No input at all: the only execution decides everything. Safe.

int main(void) {
  int i = 0;
  int s = 0;
  while (i < 100) {
    s = s + i;
    i++;
  }
  __VERIFIER_assert(s == 4950);
  return 0;
}
