extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "loc_inv_branch.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Loop-free program; location invariants after a branch. Safe.

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (!(x >= -50 && x <= 50)) return 0;
  int y;
  if (x >= 0) {
    y = 2 * x;
  } else {
    y = -x;
  }
  int z = y + 1;
  __VERIFIER_assert(z >= 1 && z <= 101);
  return 0;
}
