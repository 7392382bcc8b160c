extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ghost_snapshot.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Counts x down to 0; used with a format 2.1 ghost witness. Safe.

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (!(x >= 0 && x <= 1000)) return 0;
  int y;
  y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  __VERIFIER_assert(y <= 1000);
  return 0;
}
